import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { loginPathFor } from '@/lib/auth/next-path';
import { getPersonFromHeaders } from '@/lib/auth/session';
import { authorizationView, lookupRequest, type LinkState } from '@/lib/copyright/service';
import { getStore } from '@/lib/storage/current';
import { AuthorizationAnswer } from './_components/authorization-answer';

export const metadata: Metadata = { title: 'Copyright authorization', robots: { index: false } };
export const dynamic = 'force-dynamic';

const dead: Record<Exclude<LinkState, 'valid'>, { title: string; text: string }> = {
  unknown: { title: 'This authorization link is not valid', text: 'The link may be incomplete. Use the link in the most recent e-mail.' },
  used: { title: 'This link has already been used', text: 'Your decision was recorded. Nothing more to do here.' },
  superseded: { title: 'This link was replaced', text: 'A newer e-mail was sent for the same share. Use the link in that one.' },
  cancelled: {
    title: 'The copyright split changed',
    text: 'The organization changed the split or the licence after this e-mail; a new request was sent for the new split.',
  },
  expired: { title: 'This authorization link has expired', text: 'Links work for 14 days. Ask the organization to send a new one.' },
  not_member: {
    title: 'You are no longer a member',
    text: 'You left (or were removed from) the organization, so this request can no longer be answered.',
  },
};

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-2xl">
        <p className="mb-4 text-center text-sm font-semibold tracking-wide text-indigo-700 uppercase">CL2C</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      </div>
    </main>
  );
}

const imageUrl = (path: string | null) => (path?.startsWith('ipfs://') ? `/ipfs/${path.slice(7).split(/[/?#]/)[0]}` : null);

/** The page a copyright request e-mail links to: the NFT, the whole split, the licence, and the answer. */
export default async function CopyrightAuthorizationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const store = await getStore();
  const found = await lookupRequest(store, token);
  if (found.state !== 'valid') {
    const { title, text } = dead[found.state];
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900" data-testid="copyright-link-state" data-state={found.state}>
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
      </Shell>
    );
  }
  // The link identifies the share; only the holder's own session may answer it (docs/api-family-a.md "Copyright
  // splits"): without one, sign in first and come back here.
  const person = await getPersonFromHeaders(await headers());
  if (!person) redirect(loginPathFor(`/copyright/${token}`));
  const v = await authorizationView(store, found.request!);
  if (person.userId !== found.request!.userId) {
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900" data-testid="copyright-link-state" data-state="wrong_person">
          This request is for another person
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          It asks {v.holder.email} about their copyright share, and you are signed in as {person.email}. Only the holder can
          answer: sign out, then open the link again and sign in as {v.holder.email}.
        </p>
      </Shell>
    );
  }
  const img = imageUrl(v.nft.imagePath);
  return (
    <Shell>
      <h1 className="text-xl font-semibold text-slate-900">Authorize your copyright share</h1>
      <p className="mt-1 text-sm text-slate-600">
        {v.organization.name} lists you (<strong className="font-medium text-slate-900">{v.holder.email}</strong>) as a holder of{' '}
        <strong className="font-medium text-slate-900">{v.holder.percentage}%</strong> of the copyright of this NFT.
      </p>
      <section aria-labelledby="nft-heading" className="mt-5 grid gap-4 sm:grid-cols-[10rem_1fr]">
        {img ? (
          // eslint-disable-next-line @next/next/no-img-element -- content-store image of any size, served by our own gateway
          <img src={img} alt={`Image of ${v.nft.name}`} className="h-40 w-40 rounded-md border border-slate-200 object-cover" />
        ) : (
          <div className="flex h-40 w-40 items-center justify-center rounded-md border border-dashed border-slate-300 text-xs text-slate-500">
            No image (traceability-only)
          </div>
        )}
        <div className="min-w-0 space-y-1 text-sm">
          <h2 id="nft-heading" className="text-lg font-semibold text-slate-900">
            {v.nft.name}
          </h2>
          {v.nft.description && <p className="text-slate-700">{v.nft.description}</p>}
          <p className="text-slate-600">
            Contract: {v.contract.name} ({v.contract.symbol}) · {v.contract.network} {v.contract.env}
            {v.contract.address && <span className="block font-mono text-xs break-all">{v.contract.address}</span>}
          </p>
        </div>
      </section>
      <section aria-labelledby="split-heading" className="mt-5">
        <h2 id="split-heading" className="text-sm font-semibold text-slate-900">
          The whole split
        </h2>
        <table className="mt-2 w-full text-left text-sm" aria-labelledby="split-heading">
          <thead className="text-xs text-slate-500 uppercase">
            <tr>
              <th scope="col" className="py-1">Holder</th>
              <th scope="col" className="py-1">Share</th>
              <th scope="col" className="py-1">Answer</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {v.split.map((s, i) => (
              <tr key={i} className={s.you ? 'font-medium' : undefined}>
                <td className="py-1">{s.you ? `${s.holder} (you)` : s.holder}</td>
                <td className="py-1 tabular-nums">{s.percentage}%</td>
                <td className="py-1 text-xs">{s.status === 'PENDING' ? 'not answered yet' : s.status.toLowerCase()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {v.licence && (
        <section aria-labelledby="licence-heading" className="mt-5 rounded-md bg-slate-50 p-3 text-sm">
          <h2 id="licence-heading" className="font-semibold text-slate-900">
            Licence: {v.licence.name}
          </h2>
          <p className="mt-1 text-slate-700">{v.licence.summary}</p>
          {v.licence.url && (
            <a href={v.licence.url} className="text-indigo-700 hover:underline" target="_blank" rel="noreferrer noopener">
              Read the licence
            </a>
          )}
        </section>
      )}
      <div className="mt-6">
        <AuthorizationAnswer token={token} />
      </div>
      <p className="mt-4 text-xs text-slate-500">This link works once and expires on {new Date(v.expiresAt).toUTCString()}.</p>
    </Shell>
  );
}
