'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ContractPicker } from '@/components/console/contract-picker';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors, errorMessage } from '@/lib/http/client';
import { createNftBody, type CreateNftBody, type CreateNftInput } from '@/lib/nfts/schemas';
import { createNft, nftKeys, withFormPaths } from './api';
import { CopyrightEditor } from './copyright-editor';
import { ImagePicker } from './image-picker';
import { JsonObjectField } from './json-object-field';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const serverFields = ['name', 'smartContractId', 'description', 'externalUrl', 'imagePath', 'metadata', 'supply', 'copyright'] as const;

/** A6 in the console, validated by the API's own zod schema. */
export function NftCreateForm() {
  const router = useRouter();
  const params = useSearchParams();
  const queryClient = useQueryClient();
  const [metadataValid, setMetadataValid] = useState(true);
  const form = useForm<CreateNftInput, unknown, CreateNftBody>({
    resolver: zodResolver(createNftBody),
    defaultValues: { name: '', smartContractId: params.get('contractId') ?? '', supply: 1, copyright: [] },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, control, setError } = form;
  const errors = formState.errors;

  const mutation = useMutation({
    mutationFn: createNft,
    onSuccess: async (nft) => {
      await queryClient.invalidateQueries({ queryKey: nftKeys.all });
      toast.success(`NFT “${nft.name}” created.`);
      router.push(`/nfts/${nft.id}`);
    },
    onError: (error) => {
      const applied = applyServerErrors(withFormPaths(error), setError, [...serverFields, ...copyrightPaths(form.getValues('copyright')?.length ?? 0)]);
      toast.error(applied ? 'Please fix the highlighted fields.' : errorMessage(error));
    },
  });

  const onSubmit = handleSubmit((body) => {
    if (!metadataValid) return;
    mutation.mutate(body);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardBody className="grid gap-4 md:grid-cols-2">
          <FormField label="Name" required error={errors.name?.message}>
            {(p) => <Input {...p} {...register('name')} autoComplete="off" />}
          </FormField>
          <Controller
            control={control}
            name="smartContractId"
            render={({ field }) => (
              <FormField label="Smart contract" required error={errors.smartContractId?.message} hint="Type to search by name or symbol.">
                {(p) => (
                  <ContractPicker
                    {...p}
                    value={field.value}
                    onChange={(id) => {
                      field.onChange(id ?? '');
                      field.onBlur();
                    }}
                    showStatus
                    placeholder="Search contracts…"
                  />
                )}
              </FormField>
            )}
          />
          <FormField label="Description" error={errors.description?.message} className="md:col-span-2">
            {(p) => <Textarea {...p} {...register('description', { setValueAs: blankToUndefined })} />}
          </FormField>
          <FormField label="External URL" error={errors.externalUrl?.message} hint="http(s) or ipfs link shown with the NFT.">
            {(p) => <Input {...p} type="url" placeholder="https://…" {...register('externalUrl', { setValueAs: blankToUndefined })} />}
          </FormField>
          <FormField label="Supply" error={errors.supply?.message} hint="At least 1.">
            {(p) => <Input {...p} type="number" min={1} step={1} {...register('supply', { valueAsNumber: true })} />}
          </FormField>
          <div className="md:col-span-2">
            <Controller
              control={control}
              name="metadata"
              render={({ field, fieldState }) => (
                <JsonObjectField
                  id="nft-metadata"
                  label="Metadata (JSON object)"
                  hint="Free-form. Its `attributes` array (or its simple values) become the ERC-721 attributes."
                  error={fieldState.error?.message}
                  onChange={(value, valid) => {
                    setMetadataValid(valid);
                    field.onChange(value);
                  }}
                />
              )}
            />
          </div>
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <Controller
            control={control}
            name="imagePath"
            render={({ field, fieldState }) => <ImagePicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        </CardBody>
      </Card>
      <Card>
        <CardBody>
          <CopyrightEditor form={form} />
        </CardBody>
      </Card>
      <div className="flex justify-end gap-2">
        <Link href="/nfts" className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Cancel
        </Link>
        <Button type="submit" loading={mutation.isPending}>
          Create NFT
        </Button>
      </div>
    </form>
  );
}

function copyrightPaths(n: number) {
  return Array.from({ length: n }, (_, i) => [`copyright.${i}.userId`, `copyright.${i}.percentage`] as const).flat() as `copyright.${number}.userId`[];
}
