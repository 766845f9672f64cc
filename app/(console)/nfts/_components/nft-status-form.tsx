'use client';

import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { nftStatuses } from '@/db/enums';
import type { UpdateNftStatusBody, UpdateNftStatusInput } from '@/lib/nfts/schemas';
import { nftKeys, updateNftStatus, type NftDetail } from './api';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateNftStatusBodyResolver = lazyZodResolver<UpdateNftStatusInput, UpdateNftStatusBody>(() =>
  import('@/lib/nfts/schemas').then((m) => m.updateNftStatusBody),
);

/** `datetime-local` text (local time) ↔ ISO 8601 UTC. */
const toIso = (v: unknown) => (typeof v === 'string' && v ? new Date(v).toISOString() : undefined);
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A7 in the console: status and mint time (MINTED without a time means now). */
export function NftStatusForm({ nft, onDone }: { nft: NftDetail; onDone: () => void }) {
  const form = useForm<UpdateNftStatusInput, unknown, UpdateNftStatusBody>({
    resolver: updateNftStatusBodyResolver,
    defaultValues: { id: nft.id, status: nft.status, mintedAt: toLocalInput(nft.mintedAt) || undefined },
  });
  const { register, handleSubmit, formState, setError } = form;
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
      <FormField
        label="Minted at"
        error={formState.errors.mintedAt?.message}
        hint="Your local time. Leave empty when setting MINTED to use the current time."
      >
        {(p) => (
          <Input {...p} type="datetime-local" {...register('mintedAt', { setValueAs: toIso })} />
        )}
      </FormField>
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
