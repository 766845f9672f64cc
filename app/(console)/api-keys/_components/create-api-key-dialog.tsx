'use client';

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button, ConfirmDialog, Dialog, FormField, Input, UtcDateTimeInput } from '@/components/ui';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { createApiKeyBody } from '@/lib/api-keys/schemas';
import { apiFetch } from '@/lib/http/client';
import { API_KEYS_PATH, apiChoices, apiKeyKeys, apiName, type CreatedApiKey } from './api-key-queries';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const createApiKeyBodyResolver = lazyZodResolver<FormInput, FormOutput>(() =>
  import('@/lib/api-keys/schemas').then((m) => m.createApiKeyBody),
);

type FormInput = z.input<typeof createApiKeyBody>;
type FormOutput = z.output<typeof createApiKeyBody>;

export function CreateApiKeyDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [askingToClose, setAskingToClose] = useState(false);
  const close = () => {
    setAskingToClose(false);
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <>
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        // Escape or a backdrop click while the key is shown: the key is gone for good once the
        // dialog closes, so ask first ("Done" is the deliberate way out).
        else if (created) setAskingToClose(true);
        else close();
      }}
      title={created ? 'Copy your new API key' : 'Create an API key'}
      description={
        created
          ? 'This is the only time the key is shown. Store it somewhere safe; if it is lost, revoke it and create a new one.'
          : 'The key is owned by you. A Tenant API key acts as you (PUT /v1/cl2c/user updates your profile).'
      }
    >
      {created ? (
        <ShowOnce created={created} onDone={close} />
      ) : (
        <CreateForm onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
    <ConfirmDialog
      open={askingToClose}
      onOpenChange={(o) => !o && setAskingToClose(false)}
      title="Have you copied the key?"
      description="It is shown only this once. After closing, it cannot be shown again; a lost key must be revoked and replaced."
      cancelLabel="Back to the key"
      confirmLabel="Yes, close"
      destructive={false}
      onConfirm={close}
    />
    </>
  );
}

function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: createApiKeyBodyResolver,
    // The organization API is what an admin usually wants a key for (contracts, NFTs, members, sends).
    defaultValues: { family: 'A', name: '' },
  });
  const { errors } = form.formState;
  const create = useFormMutation({
    mutationFn: (body: FormOutput) =>
      apiFetch<CreatedApiKey>(API_KEYS_PATH, { method: 'POST', body }),
    success: (key) => `Key “${key.name}” created.`,
    invalidate: [apiKeyKeys.all],
    onSuccess: onCreated,
    setError: form.setError,
    fields: ['family', 'name', 'expiresAt'],
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values))}
      className="space-y-4"
    >
      <FormField
        label="Name"
        required
        error={errors.name?.message}
        hint="What uses this key, e.g. “Mobile app (production)”."
      >
        {(p) => <Input {...p} autoFocus autoComplete="off" {...form.register('name')} />}
      </FormField>
      <fieldset aria-describedby={errors.family ? 'api-key-family-error' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">
          Which API does it open? <span className="text-red-700" aria-hidden="true">*</span>
        </legend>
        <div className="space-y-2">
          {apiChoices.map((choice) => (
            <label
              key={choice.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50"
            >
              <input
                type="radio"
                value={choice.value}
                className="mt-1 size-4"
                aria-describedby={`api-key-family-${choice.value}-hint`}
                {...form.register('family')}
              />
              <span className="text-sm">
                <span className="font-medium text-slate-900">{choice.label}</span>
                <span id={`api-key-family-${choice.value}-hint`} className="block text-xs text-slate-600">
                  {choice.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.family?.message && (
          <p id="api-key-family-error" className="mt-1 text-xs font-medium text-red-600">
            API {errors.family.message}
          </p>
        )}
      </fieldset>
      <Controller
        control={form.control}
        name="expiresAt"
        render={({ field }) => (
          <FormField
            label="Expires (UTC)"
            error={errors.expiresAt?.message}
            hint="Optional. Leave empty for a key that does not expire."
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
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </div>
    </form>
  );
}

function ShowOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      toast.success('Key copied to the clipboard.');
    } catch {
      toast.error('Copying failed; select the key and copy it by hand.');
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700" id="new-key-label">
          {apiName(created.family)} key “{created.name}”
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby="new-key-label"
            data-testid="new-api-key"
            className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all select-all"
          >
            {created.key}
          </code>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
