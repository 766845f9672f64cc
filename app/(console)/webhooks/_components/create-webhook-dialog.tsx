'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Dialog, FormField, Input } from '@/components/ui';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { apiFetch } from '@/lib/http/client';
import { subscribableEventTypes } from '@/lib/webhooks/events';
import type { createWebhookBody } from '@/lib/webhooks/schemas';
import { SecretOnce } from './secret-once';
import { WEBHOOKS_PATH, webhookKeys, type WebhookSecret } from './webhook-queries';

type FormInput = z.input<typeof createWebhookBody>;
type FormOutput = z.output<typeof createWebhookBody>;

/** The API's own schema, loaded when the form first validates. */
const resolver = lazyZodResolver<FormInput, FormOutput>(() => import('@/lib/webhooks/schemas').then((m) => m.createWebhookBody));

export function CreateWebhookDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<WebhookSecret | null>(null);
  const close = () => {
    setCreated(null);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={created ? 'Copy the signing secret' : 'Add a webhook endpoint'}
      description={
        created
          ? 'This is the only time the secret is shown. Your receiver verifies every message with it (any Standard Webhooks library).'
          : 'Messages are POSTed as JSON to an https URL on a public address. Leave every type unticked to receive all of them.'
      }
    >
      {created ? (
        <SecretOnce secret={created.secret} label={`Secret for ${created.endpoint.url}`} onDone={close} />
      ) : (
        <CreateForm onCreated={setCreated} onCancel={close} />
      )}
    </Dialog>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (s: WebhookSecret) => void; onCancel: () => void }) {
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: { url: '', description: '', eventTypes: [] } });
  const { errors } = form.formState;
  const create = useFormMutation({
    mutationFn: (body: FormOutput) => apiFetch<WebhookSecret>(WEBHOOKS_PATH, { method: 'POST', body }),
    success: (r) => `Endpoint ${r.endpoint.url} added.`,
    invalidate: [webhookKeys.all],
    onSuccess: onCreated,
    setError: form.setError,
    fields: ['url', 'description', 'eventTypes'],
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))} className="space-y-4">
      <FormField label="URL" required error={errors.url?.message} hint="e.g. https://hooks.example.com/cl2c">
        {(p) => <Input {...p} autoFocus autoComplete="off" inputMode="url" {...form.register('url')} />}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(p) => <Input {...p} autoComplete="off" {...form.register('description')} />}
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Event types</legend>
        {errors.eventTypes?.message && (
          <p className="text-sm text-red-700" role="alert">
            {errors.eventTypes.message}
          </p>
        )}
        <div className="mt-2 grid grid-cols-1 gap-1 sm:grid-cols-2">
          {subscribableEventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" value={type} className="size-4 rounded border-slate-400" {...form.register('eventTypes')} />
              <code className="text-xs">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add endpoint
        </Button>
      </div>
    </form>
  );
}
