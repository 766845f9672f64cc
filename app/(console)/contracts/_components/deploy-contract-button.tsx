'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { focusResult } from '@/components/console/focus-result';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { CONTRACTS_PATH, contractKeys, type Contract, type ContractList } from './contract-keys';

/** The element showing a contract's status after a deploy: focus moves there (list row or detail page). */
export const contractStatusId = (id: string) => `contract-status-${id}`;

/**
 * Deploys a CREATED (or FAILED) contract on chain from the organization's wallet
 * (POST /cl2c/contract/{id}/deploy), after a confirmation that names the network and env — on
 * MAINNET it warns that real funds are spent. The answer is the record itself, so every cached
 * list shows it at once (DEPLOYED with its address, or FAILED); focus then moves to the status.
 */
export function DeployContractButton({ contract, variant = 'ghost' }: { contract: Contract; variant?: 'ghost' | 'primary' }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const deploy = useMutation({
    mutationFn: () =>
      apiFetch<Contract>(`${CONTRACTS_PATH}/${encodeURIComponent(contract.id)}/deploy`, { method: 'POST' }),
    onSuccess: (deployed) => {
      queryClient.setQueriesData<ContractList>({ queryKey: contractKeys.lists() }, (list) =>
        list ? { ...list, data: list.data.map((c) => (c.id === deployed.id ? deployed : c)) } : list,
      );
      queryClient.setQueryData(contractKeys.detail(deployed.id), deployed);
      setConfirming(false);
      toast.success(
        deployed.status === 'DEPLOYED'
          ? `“${deployed.name}” deployed at ${deployed.contractAddress}.`
          : deployed.status === 'FAILED'
            ? `Deployment of “${deployed.name}” failed.`
            : `Deployment of “${deployed.name}” sent; waiting for its receipt.`,
      );
      // The button is gone once deployed: the result (the new status) takes the focus, not the page body.
      focusResult(contractStatusId(deployed.id));
    },
    onError: (error) => toast.error(`Deploying “${contract.name}” failed: ${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
  if (contract.status === 'DEPLOYED') return null;
  const waiting = contract.status === 'CREATED' && Boolean(contract.deploymentTransactionHash);
  const mainnet = contract.env === 'MAINNET';
  const label = deploy.isPending ? 'Deploying…' : waiting ? 'Deploying' : contract.status === 'FAILED' ? 'Retry deploy' : 'Deploy';
  return (
    <>
      <Button
        variant={variant}
        size="sm"
        onClick={() => {
          deploy.reset();
          setConfirming(true);
        }}
        disabled={deploy.isPending || waiting}
        // The visible words start the accessible name (WCAG 2.5.3): "Retry deploy X", not "Deploy X".
        aria-label={`${label} ${contract.name}`}
        title={waiting ? `Waiting for the receipt of ${contract.deploymentTransactionHash}` : 'Deploy on chain from the organization’s wallet'}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !deploy.isPending && setConfirming(open)}
        title={`Deploy “${contract.name}” on ${contract.network} ${contract.env}?`}
        destructive={mainnet}
        confirmLabel={`Deploy on ${contract.env}`}
        pending={deploy.isPending}
        error={deploy.error ? errorMessage(deploy.error) : undefined}
        onConfirm={() => deploy.mutate()}
        description={
          <div className="space-y-2">
            <p>
              The organization’s wallet signs a contract creation ({contract.symbol}, ERC-1155) for {contract.network} ·{' '}
              {contract.env}. Once deployed, its NFTs can be minted by this service; a deployment cannot be undone.
            </p>
            {mainnet && (
              <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 font-medium text-red-800" data-testid="mainnet-warning">
                MAINNET: this spends real funds from the organization’s wallet on the public network.
              </p>
            )}
          </div>
        }
      />
    </>
  );
}
