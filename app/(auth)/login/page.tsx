import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { passwordLinkPathFor, safeNextPath } from '@/lib/auth/next-path';
import { getAdminFromHeaders, getPersonFromHeaders } from '@/lib/auth/session';
import { LoginForm } from './_components/login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { next } = await searchParams;
  const nextPath = safeNextPath(next);
  const requestHeaders = await headers();
  if (await getAdminFromHeaders(requestHeaders)) redirect(nextPath);
  // Members sign in only to prove who they are on an invitation or copyright link page.
  const person = await getPersonFromHeaders(requestHeaders);
  const forMember = /^\/(invite|copyright)\//.test(nextPath);
  if (person && forMember) redirect(nextPath);
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            CL2C Admin
          </p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">Sign in to the console</h1>
          <p className="mt-1 text-sm text-slate-500">
            {forMember ? 'Sign in with the account of the address the e-mail was sent to.' : 'For organization owners and administrators.'}
          </p>
        </div>
        {person && (
          <p role="status" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            You are signed in as {person.email}, which is not an administrator: the console is for organization owners
            and administrators. Sign in with an administrator account to continue.
          </p>
        )}
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <LoginForm nextPath={nextPath} />
          {/* People registered through the API (B5) have no password until they set one this way. */}
          <p className="mt-4 text-center text-sm">
            <a href={passwordLinkPathFor(nextPath)} className="font-medium text-indigo-700 hover:underline">
              No password yet, or forgot it?
            </a>
          </p>
        </div>
      </div>
    </main>
  );
}
