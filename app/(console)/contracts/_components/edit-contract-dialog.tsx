'use client';

import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { UtcDateTimeInput } from '@/components/ui/utc-datetime-input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { contractStatuses } from '@/db/enums';
import type { UpdateContractBody, UpdateContractInput } from '@/lib/contracts/schemas';
import { apiFetch } from '@/lib/http/client';
import { CONTRACTS_PATH, contractKeys, type Contract } from './contract-keys';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateContractBodyResolver = lazyZodResolver<UpdateContractInput, UpdateContractBody>(() =>
  import('@/lib/contracts/schemas').then((m) => m.updateContractBody),
);

const fields = ['status', 'contractAddress', 'deployedAt'] as const;

export function EditContractDialog({
  contract,
  onClose,
}: {
  contract: Contract | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={contract !== null}
      onOpenChange={(open) => !open && onClose()}
      title={contract ? `Edit ${contract.name}` : 'Edit contract'}
      description="Status, contract address and deployment time. DEPLOYED needs an address."
    >
      {contract && <EditContractForm contract={contract} onDone={onClose} />}
    </Dialog>
  );
}

function EditContractForm({ contract, onDone }: { contract: Contract; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateContractInput, unknown, UpdateContractBody>({
    // The very schema the API validates A3 with.
    resolver: updateContractBodyResolver,
    defaultValues: {
      id: contract.id,
      status: contract.status,
      contractAddress: contract.contractAddress ?? undefined,
      deployedAt: contract.deployedAt ?? undefined,
    },
  });

  const status = useWatch({ control, name: 'status' });
  // Marking DEPLOYED by hand records a contract deployed elsewhere (another wallet owns it):
  // this service will then refuse every mint on it. Said before saving, not after.
  const handDeployed = status === 'DEPLOYED' && contract.status !== 'DEPLOYED' && !contract.deploymentTransactionHash;

  const update = useFormMutation({
    mutationFn: (body: UpdateContractBody) =>
      apiFetch<Contract>(CONTRACTS_PATH, { method: 'PUT', body }),
    success: (updated) => `Contract “${updated.name}” updated.`,
    invalidate: [contractKeys.all],
    onSuccess: onDone,
    setError,
    fields,
  });

  return (
    <form
      onSubmit={handleSubmit((values) => update.mutate(values))}
      noValidate
      className="space-y-4"
    >
      <FormField label="Status" error={errors.status?.message}>
        {(p) => (
          <Select
            {...p}
            options={contractStatuses.map((s) => ({ value: s, label: s }))}
            {...register('status')}
          />
        )}
      </FormField>
      {handDeployed && (
        <div role="note" data-testid="hand-deployed-warning" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <p className="font-medium">Recording a deployment made elsewhere.</p>
          <p className="mt-1">
            This service did not deploy this contract, so it does not own it: once saved as DEPLOYED, <strong>no NFT of this
            contract can be minted from the console or the API</strong> (mints are refused as “registered by hand”). To deploy it
            from the organization’s wallet and mint here, cancel and use <em>Deploy</em> instead.
          </p>
        </div>
      )}
      <FormField
        label="Contract address"
        hint={
          contract.contractAddress
            ? 'Stored in EIP-55 checksum form.'
            : '0x followed by 40 hexadecimal digits.'
        }
        error={errors.contractAddress?.message}
      >
        {(p) => (
          <Input
            {...p}
            className="font-mono"
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            {...register('contractAddress', {
              setValueAs: (v: string) => (v?.trim() ? v : undefined),
            })}
          />
        )}
      </FormField>
      <Controller
        control={control}
        name="deployedAt"
        render={({ field }) => (
          <FormField
            label="Deployed at (UTC)"
            hint="Left empty, marking the contract DEPLOYED sets it to now."
            error={errors.deployedAt?.message}
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
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
