'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/components/ui/use-hydrated';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import type { SignInBody } from '@/lib/auth/schemas';
import { signInFailureMessage } from '@/lib/auth/sign-in-failure';

// The shared schema (zod) loads after the page; sign-in posts to Better Auth's endpoint directly
// (as sign-out does) instead of shipping its browser client.
const signInResolver = lazyZodResolver<SignInBody, SignInBody>(() => import('@/lib/auth/schemas').then((m) => m.signInBody));

export function LoginForm({ nextPath }: { nextPath: string }) {
  // Submitting before hydration would be a native submission (see use-hydrated.ts).
  const hydrated = useHydrated();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInBody>({
    resolver: signInResolver,
    defaultValues: { email: '', password: '' },
  });

  const clearFailure = () => setFailure(null);

  const onSubmit = async (values: SignInBody) => {
    setFailure(null);
    try {
      const res = await fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: values.email, password: values.password }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        setFailure(signInFailureMessage(res.status, body?.message));
        return;
      }
    } catch {
      setFailure('The server could not be reached. Try again.');
      return;
    }
    router.replace(nextPath);
    router.refresh();
  };

  return (
    // A failed attempt's message is about the values that were sent: it goes as soon as the user
    // edits a field or the form shows field errors instead, so two messages never disagree.
    <form method="post" onSubmit={handleSubmit(onSubmit, () => setFailure(null))} noValidate className="space-y-4">
      {failure && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {failure}
        </div>
      )}
      <FormField label="E-mail" error={errors.email?.message && `E-mail ${errors.email.message}`}>
        {(p) => (
          <Input {...p} type="email" autoComplete="username" autoFocus {...register('email', { onChange: clearFailure })} />
        )}
      </FormField>
      <FormField
        label="Password"
        error={errors.password?.message && `Password ${errors.password.message}`}
      >
        {(p) => (
          <Input {...p} type="password" autoComplete="current-password" {...register('password', { onChange: clearFailure })} />
        )}
      </FormField>
      <Button type="submit" disabled={!hydrated} className="w-full" loading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
