'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/http/client';
import type { LicenceId } from '@/lib/copyright/licences';
import { createNftBody, type CreateNftBody, type CreateNftInput } from '@/lib/nfts/schemas';
import { nftKeys, updateNft, type NftDetail } from './api';
import { CopyrightEditor } from './copyright-editor';
import { LicenceField } from './licence-field';

/**
 * Edits the split and licence (A8 `copyright` + `licence`): a new round — every holder is asked
 * again. The form reuses the create form's schema and split editor; only the split and the
 * licence are sent.
 */
export function CopyrightSplitForm({ nft, licence, onDone }: { nft: NftDetail; licence: string | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<CreateNftInput, unknown, CreateNftBody>({
    resolver: zodResolver(createNftBody),
    defaultValues: {
      name: nft.name,
      smartContractId: nft.smartContract.id,
      supply: nft.supply,
      copyright: nft.copyright.map((c) => ({ userId: c.userId, percentage: c.percentage })),
      licence: (licence ?? undefined) as LicenceId | undefined,
    },
  });
  const mutation = useMutation({
    mutationFn: (body: CreateNftBody) => updateNft(nft.id, { copyright: body.copyright, licence: body.licence }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: nftKeys.all });
      toast.success('Split saved — every holder was sent a new request.');
      onDone();
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((body) => mutation.mutate(body))}>
      <p className="text-sm text-slate-600">
        Saving starts a new round: every share becomes PENDING again and each holder gets a new link. Decisions made so far
        stay in the history.
      </p>
      <CopyrightEditor
        form={form}
        initialHolders={nft.copyright.map((c) => ({
          id: c.userId,
          email: c.email,
          name: null,
          userName: c.userName,
          walletAddress: c.walletAddress.find((w) => w.isPrimary)?.address ?? null,
        }))}
      />
      <LicenceField form={form} />
      <div className="flex justify-end">
        <Button type="submit" loading={mutation.isPending}>
          Save split and ask again
        </Button>
      </div>
    </form>
  );
}
