'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { authClient } from '@/lib/auth/client';
import { signInBody, type SignInBody } from '@/lib/auth/schemas';

/** What to tell the user for a failed sign-in, by Better Auth's status. */
function signInFailure(status: number, message: string | undefined): string {
  if (status === 429) return 'Too many attempts. Wait a minute, then try again.';
  if (status === 401 || status === 400) return 'Wrong e-mail or password.';
  if (status === 403) return message || 'This account may not use the console.';
  return message || 'Sign-in failed. Try again.';
}

export function LoginForm({ nextPath }: { nextPath: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInBody>({ resolver: zodResolver(signInBody), defaultValues: { email: '', password: '' } });

  const onSubmit = async (values: SignInBody) => {
    setFailure(null);
    try {
      const { error } = await authClient.signIn.email({ email: values.email, password: values.password });
      if (error) {
        setFailure(signInFailure(error.status, error.message));
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
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </div>
      )}
      <FormField label="E-mail" error={errors.email?.message && `E-mail ${errors.email.message}`}>
        {(p) => <Input {...p} type="email" autoComplete="username" autoFocus {...register('email')} />}
      </FormField>
      <FormField label="Password" error={errors.password?.message && `Password ${errors.password.message}`}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
      </FormField>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
