'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ContractPicker } from '@/components/console/contract-picker';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { CreateNftBody, CreateNftInput } from '@/lib/nfts/schemas';
import { createNft, nftKeys, withFormPaths } from './api';
import { CopyrightEditor } from './copyright-editor';
import { LicenceField } from './licence-field';
import { ImagePicker } from './image-picker';
import { JsonObjectField } from './json-object-field';
import { MintPlanNote, mintPlan, useContract } from './mint-plan';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const createNftBodyResolver = lazyZodResolver<CreateNftInput, CreateNftBody>(() =>
  import('@/lib/nfts/schemas').then((m) => m.createNftBody),
);

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const serverFields = ['name', 'smartContractId', 'description', 'externalUrl', 'imagePath', 'metadata', 'supply', 'copyright'] as const;

/** A6 in the console, validated by the API's own zod schema. */
export function NftCreateForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [metadataValid, setMetadataValid] = useState(true);
  const form = useForm<CreateNftInput, unknown, CreateNftBody>({
    resolver: createNftBodyResolver,
    defaultValues: { name: '', smartContractId: params.get('contractId') ?? '', supply: 1, copyright: [] },
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, control, setError } = form;
  const errors = formState.errors;

  const [contractId, holders] = useWatch({ control, name: ['smartContractId', 'copyright'] });
  const contract = useContract(contractId || undefined);
  const plan = mintPlan(contractId ? contract.data : undefined, holders?.length ?? 0);
  const mintsNow = plan.kind === 'now';
  // MAINNET mints spend real funds: the validated body waits here until the admin confirms.
  const [confirmMainnet, setConfirmMainnet] = useState<CreateNftBody | null>(null);

  const mutation = useFormMutation({
    mutationFn: createNft,
    success: (nft) =>
      nft.status === 'MINTED'
        ? `NFT “${nft.name}” created and minted.`
        : nft.status === 'PENDING'
          ? `NFT “${nft.name}” created; mint sent, waiting for its receipt.`
          : nft.status === 'FAILED'
            ? `NFT “${nft.name}” created, but the mint failed — see the NFT’s page.`
            : `NFT “${nft.name}” created.`,
    invalidate: [nftKeys.all],
    onSuccess: (nft) => router.push(`/nfts/${nft.id}`),
    mapError: withFormPaths,
    setError,
    fields: () => [...serverFields, ...copyrightPaths(form.getValues('copyright')?.length ?? 0)],
    fieldErrorToast: 'Please fix the highlighted fields.',
  });

  const onSubmit = handleSubmit((body) => {
    if (!metadataValid) return;
    if (mintsNow && plan.contract.env === 'MAINNET') setConfirmMainnet(body);
    else mutation.mutate(body);
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
        <CardBody className="space-y-4">
          <CopyrightEditor form={form} />
          <LicenceField form={form} />
        </CardBody>
      </Card>
      <MintPlanNote plan={plan} />
      <div className="flex justify-end gap-2">
        <Link href="/nfts" className="inline-flex h-9 items-center rounded-md border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 hover:bg-slate-50">
          Cancel
        </Link>
        <Button type="submit" loading={mutation.isPending} disabled={Boolean(contractId) && contract.isPending}>
          {mintsNow ? 'Create and mint' : 'Create NFT'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmMainnet !== null}
        onOpenChange={(open) => !open && !mutation.isPending && setConfirmMainnet(null)}
        title="Create and mint on MAINNET?"
        confirmLabel="Create and mint on MAINNET"
        pending={mutation.isPending}
        onConfirm={() => {
          if (!confirmMainnet) return;
          mutation.mutate(confirmMainnet, { onSettled: () => setConfirmMainnet(null) });
        }}
        description={
          mintsNow && (
            <span data-testid="mainnet-warning">
              “{confirmMainnet?.name}” will be minted at once on {plan.contract.network} MAINNET (contract “{plan.contract.name}”) from
              the organization’s wallet, spending real funds. A minted NFT cannot be deleted.
            </span>
          )
        }
      />
    </form>
  );
}

function copyrightPaths(n: number) {
  return Array.from({ length: n }, (_, i) => [`copyright.${i}.userId`, `copyright.${i}.percentage`] as const).flat() as `copyright.${number}.userId`[];
}
