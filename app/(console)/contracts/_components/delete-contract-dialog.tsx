'use client';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { ApiError, apiFetch } from '@/lib/http/client';
import { CONTRACTS_PATH, contractKeys, type Contract } from './contract-keys';

/** Asks first; a 409 (the contract still has NFTs) is shown inside the dialog, which stays open. */
export function DeleteContractDialog({
  contract,
  onClose,
}: {
  contract: Contract | null;
  onClose: () => void;
}) {
  const remove = useFormMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`${CONTRACTS_PATH}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    success: () => `Contract “${contract?.name}” deleted.`,
    invalidate: [contractKeys.all],
    onSuccess: () => close(),
    // A 409 (NFTs remain) is shown inside the dialog instead of a toast.
    onError: (error) => error instanceof ApiError && error.status === 409,
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  const conflict =
    remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.message : null;
  return (
    <ConfirmDialog
      open={contract !== null}
      onOpenChange={(open) => !open && close()}
      title={contract ? `Delete “${contract.name}”?` : 'Delete contract?'}
      description="The contract record is removed for good. A contract that still has NFTs cannot be deleted."
      confirmLabel="Delete contract"
      pending={remove.isPending}
      error={conflict}
      onConfirm={() => contract && remove.mutate(contract.id)}
    />
  );
}
