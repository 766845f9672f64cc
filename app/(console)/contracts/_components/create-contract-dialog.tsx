'use client';

import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { JsonObjectInput } from '@/components/ui/json-object-input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { chainEnvs, networks } from '@/db/enums';
import type { CreateContractBody, CreateContractInput } from '@/lib/contracts/schemas';
import { apiFetch } from '@/lib/http/client';
import { CONTRACTS_PATH, contractKeys, type Contract } from './contract-keys';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const createContractBodyResolver = lazyZodResolver<CreateContractInput, CreateContractBody>(() =>
  import('@/lib/contracts/schemas').then((m) => m.createContractBody),
);

const fields = ['name', 'symbol', 'description', 'network', 'env', 'metadata'] as const;

export function CreateContractDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New smart contract"
      description="The record starts as CREATED, without an address; mark it DEPLOYED once it is on chain."
    >
      <CreateContractForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function CreateContractForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateContractInput, unknown, CreateContractBody>({
    // The very schema the API validates A2 with.
    resolver: createContractBodyResolver,
    defaultValues: { name: '', symbol: '', description: '', network: 'POLYGON', env: 'TESTNET' },
  });

  const create = useFormMutation({
    mutationFn: (body: CreateContractBody) =>
      apiFetch<Contract>(CONTRACTS_PATH, {
        method: 'POST',
        body: { ...body, description: body.description || undefined },
      }),
    success: (contract) => `Contract “${contract.name}” created.`,
    invalidate: [contractKeys.all],
    onSuccess: onDone,
    setError,
    fields,
  });

  return (
    <form
      onSubmit={handleSubmit((values) => create.mutate(values))}
      noValidate
      className="space-y-4"
    >
      <FormField label="Name" required error={errors.name?.message}>
        {(p) => <Input {...p} autoFocus maxLength={100} {...register('name')} />}
      </FormField>
      <FormField
        label="Symbol"
        required
        hint="1–16 letters or digits, e.g. ART; saved exactly as typed (case kept)"
        error={errors.symbol?.message}
      >
        {(p) => <Input {...p} maxLength={16} spellCheck={false} autoComplete="off" {...register('symbol')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(p) => <Textarea {...p} {...register('description')} />}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Network" error={errors.network?.message}>
          {(p) => (
            <Select
              {...p}
              options={networks.map((n) => ({ value: n, label: n }))}
              {...register('network')}
            />
          )}
        </FormField>
        <FormField label="Environment" error={errors.env?.message}>
          {(p) => (
            <Select
              {...p}
              options={chainEnvs.map((e) => ({ value: e, label: e }))}
              {...register('env')}
            />
          )}
        </FormField>
      </div>
      <Controller
        control={control}
        name="metadata"
        render={({ field }) => (
          <FormField
            label="Metadata"
            hint='Optional JSON object, e.g. {"artist": "Ada"}'
            error={
              errors.metadata
                ? typeof field.value === 'string'
                  ? 'must be a JSON object, e.g. {"artist": "Ada"}'
                  : (errors.metadata.message as string | undefined)
                : undefined
            }
          >
            {(p) => (
              <JsonObjectInput
                {...p}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          </FormField>
        )}
      />
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create contract
        </Button>
      </div>
    </form>
  );
}
