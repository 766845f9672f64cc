import type { Metadata } from 'next';
import { safeNextPath } from '@/lib/auth/next-path';
import { RequestLinkForm } from './_components/request-link-form';
import { SetPasswordForm } from './_components/set-password-form';

export const metadata: Metadata = { title: 'Set your password', robots: { index: false } };

const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');

/**
 * "No password yet, or forgot it?" (docs/security.md). Without a token: ask for a link to one's
 * own address. With the token from that mail: choose the password. `next` (a same-origin path,
 * e.g. the invitation or copyright page that asked the person to sign in) is kept throughout.
 */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = one(params.token);
  const nextPath = safeNextPath(params.next, '');
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">CL2C</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">{token ? 'Choose your password' : 'Set or reset your password'}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {token
              ? 'You then sign in with your e-mail and this password. Setting it signs you out everywhere.'
              : 'No password yet, or forgot it? We send a link to your e-mail address. It works once, for one hour.'}
          </p>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          {token ? <SetPasswordForm token={token} nextPath={nextPath} /> : <RequestLinkForm nextPath={nextPath} email={one(params.email)} />}
        </div>
      </div>
    </main>
  );
}
