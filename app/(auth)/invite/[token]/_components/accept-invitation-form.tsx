'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { apiFetch, errorMessage } from '@/lib/http/client';
import type { AcceptInvitationBody, AcceptInvitationInput } from '@/lib/invitations/schemas';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const acceptInvitationBodyResolver = lazyZodResolver<AcceptInvitationInput, AcceptInvitationBody>(() =>
  import('@/lib/invitations/schemas').then((m) => m.acceptInvitationBody),
);

type Accepted = { message: string; email: string; walletAddress: string; organization: { name: string } };

export function AcceptInvitationForm({
  token,
  organizationName,
  alreadyRegistered,
}: {
  token: string;
  organizationName: string;
  alreadyRegistered: boolean;
}) {
  // Submitting before hydration would be a native submission (see use-hydrated.ts).
  const hydrated = useHydrated();
  const [done, setDone] = useState<Accepted | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AcceptInvitationInput, unknown, AcceptInvitationBody>({
    resolver: acceptInvitationBodyResolver,
    defaultValues: { firstName: '', lastName: '', userName: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useFormMutation({
    mutationFn: (body: AcceptInvitationBody | Record<string, never>) =>
      apiFetch<Accepted>(`/api/invite/${encodeURIComponent(token)}`, { method: 'POST', body }),
    onSuccess: setDone,
    setError: form.setError,
    fields: ['firstName', 'lastName', 'userName', 'password'],
    // This page shows the failure above the form rather than as a toast.
    onError: (error, _body, fieldsApplied) => {
      if (!fieldsApplied) setFormError(errorMessage(error));
      return true;
    },
  });
  const accept = (body: AcceptInvitationBody | Record<string, never>) => {
    setFormError(null);
    mutation.mutate(body);
  };

  if (done) {
    return (
      <div role="status" className="space-y-2" data-testid="invitation-accepted">
        <p className="font-medium text-emerald-800">You are now a member of {organizationName}.</p>
        <p className="text-sm text-slate-600">
          Your wallet address: <code className="font-mono text-xs break-all">{done.walletAddress}</code>
        </p>
        <p className="text-sm text-slate-600">You can close this page.</p>
      </div>
    );
  }

  const errorBox = formError && (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {formError}
    </div>
  );

  if (alreadyRegistered) {
    return (
      <div className="space-y-4">
        {errorBox}
        <Button
          className="w-full"
          disabled={!hydrated}
          loading={mutation.isPending}
          onClick={() => accept({})}
        >
          Join {organizationName}
        </Button>
      </div>
    );
  }

  return (
    <form method="post" className="space-y-4" noValidate onSubmit={form.handleSubmit((values) => accept(values))}>
      {errorBox}
      <FormField label="First name" required error={errors.firstName?.message}>
        {(p) => <Input {...p} autoComplete="given-name" {...form.register('firstName')} />}
      </FormField>
      <FormField label="Last name" required error={errors.lastName?.message}>
        {(p) => <Input {...p} autoComplete="family-name" {...form.register('lastName')} />}
      </FormField>
      <FormField
        label="User name"
        required
        hint="6–50 characters: letters, digits, “.”, “_” or “-”."
        error={errors.userName?.message}
      >
        {(p) => <Input {...p} autoComplete="username" {...form.register('userName')} />}
      </FormField>
      <FormField label="Password" required hint="At least 8 characters. You sign in with your e-mail and this password." error={errors.password?.message}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" disabled={!hydrated} className="w-full" loading={mutation.isPending}>
        Create my account
      </Button>
    </form>
  );
}
