'use client';

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/client';
import { CONSOLE_CONTRACT_PATH, contractKeys, type Contract } from '../../contracts/_components/contract-keys';

export type MintPlan =
  /** Minted by A6 itself: no holders, contract deployed by this service. */
  | { kind: 'now'; contract: Contract }
  /** Holders first; the last authorization mints (contract deployed by this service). */
  | { kind: 'after-consent'; contract: Contract }
  /** Nothing will mint it automatically; `why` says what to do. */
  | { kind: 'not-minted'; contract: Contract; why: string }
  | { kind: 'unknown' };

/**
 * What creating this NFT will do on chain — the same rule A6 and the copyright flow apply
 * (lib/mint/service.ts mintBlocker): minted at once without holders on a contract this service
 * deployed; with holders, when the last one authorizes; never on a contract registered by hand.
 */
export function mintPlan(contract: Contract | undefined, holders: number): MintPlan {
  if (!contract) return { kind: 'unknown' };
  if (contract.status !== 'DEPLOYED' || !contract.contractAddress) {
    return { kind: 'not-minted', contract, why: `“${contract.name}” is not deployed yet: deploy it, then use Mint on the NFT’s page.` };
  }
  if (!contract.deploymentTransactionHash) {
    return { kind: 'not-minted', contract, why: `“${contract.name}” was registered by hand (deployed elsewhere): this service does not mint on it.` };
  }
  return holders > 0 ? { kind: 'after-consent', contract } : { kind: 'now', contract };
}

export function useContract(id: string | undefined) {
  return useQuery({
    queryKey: contractKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Contract>(`${CONSOLE_CONTRACT_PATH}/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** The sentence under the form, before submit: minted now (where), after the holders, or not. */
export function MintPlanNote({ plan }: { plan: MintPlan }) {
  if (plan.kind === 'unknown') return null;
  const where = plan.contract ? `${plan.contract.network} · ${plan.contract.env}` : '';
  const mainnet = plan.contract.env === 'MAINNET';
  return (
    <div
      role="note"
      data-testid="mint-plan"
      data-plan={plan.kind}
      className={`rounded-md border px-3 py-2 text-sm ${plan.kind === 'now' ? 'border-indigo-300 bg-indigo-50 text-indigo-950' : 'border-slate-200 bg-slate-50 text-slate-800'}`}
    >
      {plan.kind === 'now' && (
        <>
          <strong>Minted on creation</strong> on {where} (contract “{plan.contract.name}”), from the organization’s wallet. A minted NFT
          cannot be deleted.{mainnet && <strong className="text-red-800"> MAINNET: real funds; you confirm first.</strong>}
        </>
      )}
      {plan.kind === 'after-consent' && (
        <>
          <strong>Not minted now.</strong> Each holder is asked to authorize their share; it will be minted on {where} when the last
          holder authorizes.
        </>
      )}
      {plan.kind === 'not-minted' && (
        <>
          <strong>Not minted.</strong> {plan.why}
        </>
      )}
    </div>
  );
}
