'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { loginPathFor } from '@/lib/auth/next-path';
import type { RequestPasswordLinkBody } from '@/lib/auth/schemas';

const resolver = lazyZodResolver<RequestPasswordLinkBody, RequestPasswordLinkBody>(() =>
  import('@/lib/auth/schemas').then((m) => m.requestPasswordLinkBody),
);

/** Asks for a password link. The answer is the same whether or not the address has an account. */
export function RequestLinkForm({ nextPath, email }: { nextPath: string; email: string }) {
  // Submitting before hydration would be a native submission (see use-hydrated.ts).
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RequestPasswordLinkBody>({ resolver, defaultValues: { email } });

  const onSubmit = async (values: RequestPasswordLinkBody) => {
    setFailure(null);
    try {
      const res = await fetch('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: values.email, ...(nextPath ? { redirectTo: nextPath } : {}) }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setFailure(res.status === 429 ? (body?.message ?? 'Too many requests. Wait a few minutes, then try again.') : (body?.message ?? 'The request failed. Try again.'));
        return;
      }
      setSentTo(values.email);
    } catch {
      setFailure('The server could not be reached. Try again.');
    }
  };

  if (sentTo) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          If {sentTo} belongs to an account, a link to set its password is on its way. It works once, for one hour.
        </p>
        <p className="text-sm text-slate-600">
          No mail after a few minutes? Check the address and your spam folder, or ask the operator of this service.
        </p>
        <a href={loginPathFor(nextPath)} className="inline-block text-sm font-medium text-indigo-700 hover:underline">
          Back to sign in
        </a>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={handleSubmit(onSubmit, () => setFailure(null))} noValidate className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </div>
      )}
      <FormField label="E-mail" error={errors.email?.message && `E-mail ${errors.email.message}`}>
        {(p) => <Input {...p} type="email" autoComplete="email" autoFocus {...register('email', { onChange: () => setFailure(null) })} />}
      </FormField>
      <Button type="submit" disabled={!hydrated} className="w-full" loading={isSubmitting}>
        Send me a link
      </Button>
      <p className="text-center text-sm">
        <a href={loginPathFor(nextPath)} className="font-medium text-indigo-700 hover:underline">
          Back to sign in
        </a>
      </p>
    </form>
  );
}
