'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { CopyrightDecisionBody, CopyrightDecisionInput } from '@/lib/copyright/schemas';

// The shared schema loads after the page (zod is not in the first load).
const decisionResolver = lazyZodResolver<CopyrightDecisionInput, CopyrightDecisionBody>(() =>
  import('@/lib/copyright/schemas').then((m) => m.copyrightDecisionBody),
);
import { applyServerErrors, errorMessage } from '@/lib/http/client';

export type DecisionOutcome = { decision: 'AUTHORIZED' | 'REJECTED'; copyrightStatus: string };

/**
 * Authorize / Reject with the place the holder states (copyAuthLocation) and an optional reason.
 * Used by the public authorization page and, for a holder who is an admin, by the console.
 */
export function CopyrightDecisionForm({
  submit,
  onDone,
}: {
  submit: (body: CopyrightDecisionBody) => Promise<DecisionOutcome>;
  onDone?: (outcome: DecisionOutcome) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<'AUTHORIZE' | 'REJECT' | null>(null);
  const form = useForm<CopyrightDecisionInput, unknown, CopyrightDecisionBody>({
    resolver: decisionResolver,
    defaultValues: { decision: 'AUTHORIZE', location: '', reason: '' },
  });
  const { errors } = form.formState;

  const answer = (decision: 'AUTHORIZE' | 'REJECT') => {
    form.setValue('decision', decision);
    void form.handleSubmit(async (values) => {
      setFormError(null);
      setPending(decision);
      try {
        const outcome = await submit({ ...values, reason: values.reason || undefined });
        onDone?.(outcome);
      } catch (error) {
        if (!applyServerErrors(error, form.setError, ['location', 'reason'])) setFormError(errorMessage(error));
      } finally {
        setPending(null);
      }
    })();
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        answer('AUTHORIZE');
      }}
    >
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {formError}
        </div>
      )}
      <FormField
        label="Where are you deciding from?"
        required
        hint="Recorded with your decision as its place, e.g. “Lisbon, Portugal”. We do not look up your location."
        error={errors.location?.message}
      >
        {(p) => <Input {...p} autoComplete="address-level2" {...form.register('location')} />}
      </FormField>
      <FormField label="Reason (optional)" hint="Shown to the organization, useful when you reject." error={errors.reason?.message}>
        {(p) => <Textarea {...p} rows={3} {...form.register('reason')} />}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={pending === 'AUTHORIZE'} disabled={pending !== null}>
          Authorize my share
        </Button>
        <Button type="button" variant="destructive" loading={pending === 'REJECT'} disabled={pending !== null} onClick={() => answer('REJECT')}>
          Reject
        </Button>
      </div>
    </form>
  );
}
