'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, apiFetch, errorMessage } from '@/lib/http/client';
import { nftKeys } from './api';

/**
 * Delete an NFT record (DELETE /api/v1/cl2c/nft/{id}), after asking. A minted NFT cannot be
 * deleted, so the button is disabled for it; a copyrighted one is refused by the server (409),
 * and the reason is shown inside the dialog, which stays open.
 */
export function DeleteNftButton({ nft }: { nft: { id: string; name: string; status: string } }) {
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiFetch<{ message: string }>(`/api/v1/cl2c/nft/${encodeURIComponent(nft.id)}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast.success(`NFT “${nft.name}” deleted.`);
      setOpen(false);
      queryClient.removeQueries({ queryKey: nftKeys.detail(nft.id) });
      await queryClient.invalidateQueries({ queryKey: nftKeys.lists() });
      router.push('/nfts');
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) toast.error(errorMessage(error));
    },
  });
  const minted = nft.status === 'MINTED';
  const conflict = remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.message : null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setOpen(true)}
        disabled={minted}
        title={minted ? 'A minted NFT exists on chain and cannot be deleted.' : undefined}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!next) remove.reset();
          setOpen(next);
        }}
        title={`Delete “${nft.name}”?`}
        description="The NFT record and its copyright shares are removed for good. Minted or copyrighted NFTs cannot be deleted."
        confirmLabel="Delete NFT"
        pending={remove.isPending}
        error={conflict}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
