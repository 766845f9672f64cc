'use client';

import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { UtcDateTimeInput } from '@/components/ui/utc-datetime-input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { nftStatuses } from '@/db/enums';
import type { UpdateNftStatusBody, UpdateNftStatusInput } from '@/lib/nfts/schemas';
import { nftKeys, updateNftStatus, type NftDetail } from './api';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateNftStatusBodyResolver = lazyZodResolver<UpdateNftStatusInput, UpdateNftStatusBody>(() =>
  import('@/lib/nfts/schemas').then((m) => m.updateNftStatusBody),
);

/** A7 in the console: status and mint time (MINTED without a time means now). */
export function NftStatusForm({ nft, onDone }: { nft: NftDetail; onDone: () => void }) {
  const form = useForm<UpdateNftStatusInput, unknown, UpdateNftStatusBody>({
    resolver: updateNftStatusBodyResolver,
    defaultValues: { id: nft.id, status: nft.status, mintedAt: nft.mintedAt ?? undefined },
  });
  const { register, control, handleSubmit, formState, setError } = form;
  const mutation = useFormMutation({
    mutationFn: updateNftStatus,
    success: (updated) => `Status set to ${updated.status}.`,
    invalidate: [nftKeys.all],
    onSuccess: onDone,
    setError,
    fields: ['status', 'mintedAt'],
    fieldErrorToast: 'Please fix the highlighted fields.',
  });
  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((body) => mutation.mutate(body))}>
      <input type="hidden" {...register('id')} />
      <FormField label="Status" error={formState.errors.status?.message}>
        {(p) => <Select {...p} {...register('status')} options={nftStatuses.map((s) => ({ value: s, label: s }))} />}
      </FormField>
      <Controller
        control={control}
        name="mintedAt"
        render={({ field }) => (
          <FormField
            label="Minted at (UTC)"
            error={formState.errors.mintedAt?.message}
            hint="Leave empty when setting MINTED to use the current time."
          >
            {(p) => (
              <UtcDateTimeInput
                {...p}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          </FormField>
        )}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Save status
        </Button>
      </div>
    </form>
  );
}
