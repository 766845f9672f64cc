'use client';

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { UpdateNftBody, UpdateNftInput } from '@/lib/nfts/schemas';
import { nftKeys, updateNft, type NftDetail } from './api';
import { JsonObjectField } from './json-object-field';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateNftBodyResolver = lazyZodResolver<UpdateNftInput, UpdateNftBody>(() =>
  import('@/lib/nfts/schemas').then((m) => m.updateNftBody),
);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A8 in the console: name, description, external URL, supply and metadata. */
export function NftEditForm({ nft, onDone }: { nft: NftDetail; onDone: () => void }) {
  const [metadataValid, setMetadataValid] = useState(true);
  const form = useForm<UpdateNftInput, unknown, UpdateNftBody>({
    resolver: updateNftBodyResolver,
    defaultValues: {
      name: nft.name,
      description: nft.description ?? undefined,
      externalUrl: nft.externalUrl ?? undefined,
      supply: nft.supply,
      metadata: nft.metadata ?? undefined,
    },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, control, setError } = form;
  const errors = formState.errors;
  const mutation = useFormMutation({
    mutationFn: (body: UpdateNftBody) => updateNft(nft.id, body),
    success: 'NFT updated.',
    invalidate: [nftKeys.all],
    onSuccess: onDone,
    setError,
    fields: ['name', 'description', 'externalUrl', 'supply', 'metadata'],
    fieldErrorToast: 'Please fix the highlighted fields.',
  });

  return (
    <form
      id="nft-edit-form"
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((body) => {
        if (metadataValid) mutation.mutate(body);
      })}
    >
      <FormField label="Name" required error={errors.name?.message}>
        {(p) => <Input {...p} {...register('name')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(p) => <Textarea {...p} {...register('description', { setValueAs: blankToUndefined })} />}
      </FormField>
      <FormField label="External URL" error={errors.externalUrl?.message}>
        {(p) => <Input {...p} type="url" {...register('externalUrl', { setValueAs: blankToUndefined })} />}
      </FormField>
      <FormField label="Supply" error={errors.supply?.message} hint="At least 1.">
        {(p) => <Input {...p} type="number" min={1} step={1} {...register('supply', { valueAsNumber: true })} />}
      </FormField>
      <Controller
        control={control}
        name="metadata"
        render={({ field, fieldState }) => (
          <JsonObjectField
            id="nft-edit-metadata"
            label="Metadata (JSON object)"
            initial={nft.metadata}
            error={fieldState.error?.message}
            onChange={(value, valid) => {
              setMetadataValid(valid);
              field.onChange(value);
            }}
          />
        )}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
