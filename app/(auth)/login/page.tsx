import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { safeNextPath } from '@/lib/auth/schemas';
import { getAdminFromHeaders } from '@/lib/auth/session';
import { LoginForm } from './_components/login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(next);
  if (await getAdminFromHeaders(await headers())) redirect(nextPath);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">CL2C Admin</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">Sign in to the console</h1>
          <p className="mt-1 text-sm text-slate-500">For organization owners and administrators.</p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <LoginForm nextPath={nextPath} />
        </div>
      </div>
    </main>
  );
}
