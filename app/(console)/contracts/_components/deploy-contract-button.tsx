'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage } from '@/lib/http/client';
import { CONTRACTS_PATH, contractKeys, type Contract, type ContractList } from './contract-keys';

/**
 * Deploys a CREATED (or FAILED) contract on chain from the organization's wallet
 * (POST /cl2c/contract/{id}/deploy). The answer is the record itself, so every cached list shows
 * it at once (DEPLOYED with its address, or FAILED); the lists then refresh from the server.
 */
export function DeployContractButton({ contract }: { contract: Contract }) {
  const queryClient = useQueryClient();
  const deploy = useMutation({
    mutationFn: () =>
      apiFetch<Contract>(`${CONTRACTS_PATH}/${encodeURIComponent(contract.id)}/deploy`, { method: 'POST' }),
    onSuccess: (deployed) => {
      queryClient.setQueriesData<ContractList>({ queryKey: contractKeys.lists() }, (list) =>
        list ? { ...list, data: list.data.map((c) => (c.id === deployed.id ? deployed : c)) } : list,
      );
      toast.success(
        deployed.status === 'DEPLOYED'
          ? `“${deployed.name}” deployed at ${deployed.contractAddress}.`
          : `Deployment of “${deployed.name}” sent; waiting for its receipt.`,
      );
    },
    onError: (error) => toast.error(`Deploying “${contract.name}” failed: ${errorMessage(error)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
  if (contract.status === 'DEPLOYED') return null;
  const waiting = contract.status === 'CREATED' && Boolean(contract.deploymentTransactionHash);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => deploy.mutate()}
      disabled={deploy.isPending || waiting}
      aria-label={`Deploy ${contract.name}`}
      title={waiting ? `Waiting for the receipt of ${contract.deploymentTransactionHash}` : 'Deploy on chain from the organization’s wallet'}
    >
      {deploy.isPending ? 'Deploying…' : waiting ? 'Deploying' : contract.status === 'FAILED' ? 'Retry deploy' : 'Deploy'}
    </Button>
  );
}
