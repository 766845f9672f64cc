'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ChainValue } from '@/components/console/chain-value';
import { DateTime } from '@/components/console/date-time';
import { StatusBadge } from '@/components/console/status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { TableShell, tableCell, tableHeadCell } from '@/components/ui/table-shell';
import { ApiError, apiFetch, errorMessage } from '@/lib/http/client';
import { explorerHref, type ChainEnvName, type Explorers } from '@/lib/shared/explorer';
import { fetchNfts, nftKeys } from '../../nfts/_components/api';
import { CONSOLE_CONTRACT_PATH, contractKeys, type Contract } from './contract-keys';
import { DeployContractButton, contractStatusId } from './deploy-contract-button';

const EditContractDialog = dynamic(() => import('./edit-contract-dialog').then((m) => m.EditContractDialog), { ssr: false });

const NFTS_SHOWN = 10;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 text-sm sm:grid-cols-[10rem_1fr] sm:gap-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}

function failureOf(logs: string | null): string | null {
  if (!logs) return null;
  try {
    const parsed = JSON.parse(logs) as unknown;
    return parsed && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : null;
  } catch {
    return null;
  }
}

type Step = { key: string; title: string; when?: string | null; detail?: ReactNode; state: 'done' | 'current' | 'failed' | 'todo' };

/** The contract's life so far, from its own fields: created → deployment signed → deployed (or failed). */
function timeline(c: Contract): Step[] {
  const steps: Step[] = [{ key: 'created', title: 'Record created', when: c.createdAt, state: 'done' }];
  const failure = c.status === 'FAILED' ? failureOf(c.deploymentLogs) : null;
  if (c.status === 'DEPLOYED' && !c.deploymentTransactionHash) {
    steps.push({
      key: 'hand',
      title: 'Marked DEPLOYED by hand',
      when: c.deployedAt,
      detail: 'Deployed elsewhere and recorded here: this service does not own it and mints nothing on it.',
      state: 'done',
    });
    return steps;
  }
  if (c.deploymentTransactionHash) {
    steps.push({ key: 'signed', title: 'Deployment signed and sent', detail: 'From the organization’s wallet.', state: 'done' });
  }
  if (c.status === 'DEPLOYED') steps.push({ key: 'deployed', title: 'Deployed', when: c.deployedAt, detail: 'Its NFTs can be minted.', state: 'done' });
  else if (c.status === 'FAILED') steps.push({ key: 'failed', title: 'Deployment failed', detail: failure ?? 'No reason recorded.', state: 'failed' });
  else if (c.deploymentTransactionHash) steps.push({ key: 'waiting', title: 'Waiting for the receipt', state: 'current' });
  else steps.push({ key: 'deploy', title: 'Not deployed yet', detail: 'Deploy it to mint its NFTs.', state: 'todo' });
  return steps;
}

const dot: Record<Step['state'], string> = {
  done: 'bg-emerald-600',
  current: 'bg-amber-500',
  failed: 'bg-red-600',
  todo: 'border-2 border-slate-400 bg-white',
};

/** /contracts/[id]: status timeline, deployment transaction, address (copy, explorer) and the contract's NFTs. */
export function ContractDetail({ id, explorers }: { id: string; explorers: Explorers }) {
  const [editing, setEditing] = useState(false);
  const contract = useQuery({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Contract>(`${CONSOLE_CONTRACT_PATH}/${encodeURIComponent(id)}`, { signal }),
    // A deployment in flight settles from its receipt: look again until it does.
    refetchInterval: (q) => (q.state.data?.status === 'CREATED' && q.state.data.deploymentTransactionHash ? 2_000 : false),
  });
  const nftQuery = { contractId: id, limit: NFTS_SHOWN, sortBy: 'createdAt', sortOrder: 'desc' } as const;
  const nfts = useQuery({
    queryKey: nftKeys.list(nftQuery),
    queryFn: ({ signal }) => fetchNfts(nftQuery, signal),
    enabled: contract.isSuccess,
  });

  if (contract.isPending) return <Skeleton className="h-64 w-full" />;
  if (contract.isError) {
    const notFound = contract.error instanceof ApiError && contract.error.status === 404;
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {notFound ? 'This contract does not exist in your organization.' : errorMessage(contract.error)}{' '}
        <Link href="/contracts" className="font-medium underline">
          Back to contracts
        </Link>
      </div>
    );
  }
  const c = contract.data;
  const env = c.env as ChainEnvName;
  const steps = timeline(c);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/contracts" className="text-indigo-700 underline underline-offset-2">
          Contracts
        </Link>{' '}
        / <span className="text-slate-600">{c.name}</span>
      </nav>
      <PageHeader
        title={c.name}
        description={c.description ?? undefined}
        actions={
          <>
            <span id={contractStatusId(c.id)} tabIndex={-1} aria-label={`Status: ${c.status}`} data-testid="contract-status">
              <StatusBadge status={c.status} />
            </span>
            <DeployContractButton contract={c} variant="primary" />
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader title="On chain" description={`${c.network} · ${c.env}`} />
          <CardBody>
            <dl className="divide-y divide-slate-100">
              <Fact label="Symbol">
                <span className="font-mono" data-testid="contract-symbol">{c.symbol}</span>
              </Fact>
              <Fact label="Network">
                {c.network} · {c.env}
                {c.env === 'MAINNET' && <span className="ml-2 text-xs font-medium text-red-700">public network, real funds</span>}
              </Fact>
              <Fact label="Contract address">
                <ChainValue value={c.contractAddress} label="contract address" href={explorerHref(explorers, env, 'address', c.contractAddress)} testId="contract-address" />
              </Fact>
              <Fact label="Deployment transaction">
                <ChainValue
                  value={c.deploymentTransactionHash}
                  label="deployment transaction hash"
                  href={explorerHref(explorers, env, 'tx', c.deploymentTransactionHash)}
                  testId="deploy-tx"
                />
              </Fact>
              <Fact label="Deployed by">
                <ChainValue value={c.creatorAddress} label="deployer address" href={explorerHref(explorers, env, 'address', c.creatorAddress)} />
              </Fact>
              <Fact label="Deployed at">
                <DateTime value={c.deployedAt} />
              </Fact>
              {!explorers[env] && (c.deploymentTransactionHash || c.contractAddress) && (
                <p className="pt-2 text-xs text-slate-600">
                  No explorer link: {explorers.TESTNET === null && explorers.MAINNET === null ? 'this server signs on its embedded chain (CHAIN=local) and broadcasts nothing' : `no explorer is configured for ${env}`}.
                </p>
              )}
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Timeline" />
          <CardBody>
            <ol className="space-y-4" aria-label="Contract timeline" data-testid="contract-timeline">
              {steps.map((s) => (
                <li key={s.key} className="flex gap-3" data-step={s.key} data-state={s.state}>
                  <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dot[s.state]}`} />
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">{s.title}</p>
                    {s.when && (
                      <p className="text-xs text-slate-600">
                        <DateTime value={s.when} />
                      </p>
                    )}
                    {s.detail && <p className={`text-xs ${s.state === 'failed' ? 'text-red-700' : 'text-slate-600'}`}>{s.detail}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader
          title={`NFTs (${c.totalNFTs})`}
          description={c.totalNFTs > NFTS_SHOWN ? `The ${NFTS_SHOWN} newest.` : undefined}
          actions={
            <div className="flex flex-wrap items-center gap-3 text-sm">
              {c.totalNFTs > 0 && (
                <Link href={`/nfts?contractId=${encodeURIComponent(c.id)}`} className="text-indigo-700 underline-offset-2 hover:underline">
                  All NFTs of this contract
                </Link>
              )}
              <Link href={`/nfts/new?contractId=${encodeURIComponent(c.id)}`} className="text-indigo-700 underline-offset-2 hover:underline">
                New NFT
              </Link>
            </div>
          }
        />
        <TableShell
          bare
          label={`NFTs of ${c.name}`}
          columnCount={4}
          rowCount={nfts.data?.data.length ?? 0}
          loading={nfts.isPending}
          skeletonRows={2}
          error={nfts.isError ? `Could not load the NFTs: ${errorMessage(nfts.error)}` : undefined}
          emptyState={<p className="px-4 py-6 text-sm text-slate-600">No NFT on this contract yet.</p>}
          head={
            <tr>
              <th scope="col" className={tableHeadCell}>Name</th>
              <th scope="col" className={tableHeadCell}>Status</th>
              <th scope="col" className={tableHeadCell}>Copyright</th>
              <th scope="col" className={tableHeadCell}>Minted</th>
            </tr>
          }
        >
          {nfts.data?.data.map((n) => (
            <tr key={n.id}>
              <td className={tableCell}>
                <Link href={`/nfts/${encodeURIComponent(n.id)}`} className="font-medium text-indigo-700 underline-offset-2 hover:underline">
                  {n.name}
                </Link>
              </td>
              <td className={tableCell}>
                <StatusBadge status={n.status} />
              </td>
              <td className={tableCell}>
                <StatusBadge status={n.copyrightStatus} />
              </td>
              <td className={tableCell}>
                <DateTime value={n.mintedAt} />
              </td>
            </tr>
          ))}
        </TableShell>
      </Card>
      <EditContractDialog contract={editing ? c : null} onClose={() => setEditing(false)} />
    </>
  );
}
