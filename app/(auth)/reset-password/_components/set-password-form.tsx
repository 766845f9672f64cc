'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { loginPathFor, passwordLinkPathFor } from '@/lib/auth/next-path';
import type { SetPasswordBody } from '@/lib/auth/schemas';

const resolver = lazyZodResolver<SetPasswordBody, SetPasswordBody>(() => import('@/lib/auth/schemas').then((m) => m.setPasswordBody));

/** Sets the password with the token from the mail; then the person signs in and goes on to `nextPath`. */
export function SetPasswordForm({ token, nextPath }: { token: string; nextPath: string }) {
  // Submitting before hydration would be a native submission (see use-hydrated.ts).
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<{ text: string; deadLink: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordBody>({ resolver, defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = async (values: SetPasswordBody) => {
    setFailure(null);
    try {
      const res = await fetch('/api/auth/reset-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, newPassword: values.newPassword }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
        if (body?.code === 'INVALID_TOKEN') {
          setFailure({ text: 'This link does not work any more: it was used, replaced by a newer one or is older than an hour.', deadLink: true });
        } else {
          setFailure({ text: body?.message ?? 'The password could not be set. Try again.', deadLink: false });
        }
        return;
      }
      setDone(true);
    } catch {
      setFailure({ text: 'The server could not be reached. Try again.', deadLink: false });
    }
  };

  if (done) {
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          Your password is set. Every earlier session was signed out.
        </p>
        <a href={loginPathFor(nextPath)} className="inline-block text-sm font-medium text-indigo-700 hover:underline">
          Sign in with your new password
        </a>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={handleSubmit(onSubmit, () => setFailure(null))} noValidate className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.text}
          {failure.deadLink && (
            <>
              {' '}
              <a href={passwordLinkPathFor(nextPath)} className="font-medium underline">
                Ask for a new link
              </a>
            </>
          )}
        </div>
      )}
      <FormField
        label="New password"
        hint="At least 8 characters."
        error={errors.newPassword?.message && `New password ${errors.newPassword.message}`}
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" autoFocus {...register('newPassword')} />}
      </FormField>
      <FormField
        label="Repeat the password"
        error={errors.confirmPassword?.message && `Repeat the password ${errors.confirmPassword.message}`}
      >
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('confirmPassword')} />}
      </FormField>
      <Button type="submit" disabled={!hydrated} className="w-full" loading={isSubmitting}>
        Set password
      </Button>
    </form>
  );
}
