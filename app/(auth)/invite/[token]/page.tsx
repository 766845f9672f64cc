import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { loginPathFor, passwordLinkPathFor } from '@/lib/auth/next-path';
import { getPersonFromHeaders } from '@/lib/auth/session';
import { lookupInvitation, type InvitationState } from '@/lib/invitations/service';
import { getStore } from '@/lib/storage/current';
import { AcceptInvitationForm } from './_components/accept-invitation-form';

export const metadata: Metadata = { title: 'Invitation', robots: { index: false } };
export const dynamic = 'force-dynamic';

const dead: Record<Exclude<InvitationState, 'valid'>, { title: string; text: string }> = {
  unknown: {
    title: 'This invitation link is not valid',
    text: 'The link may be incomplete, or it was replaced by a newer invitation e-mail. Use the link in the most recent e-mail, or ask the organization to send a new one.',
  },
  expired: {
    title: 'This invitation has expired',
    text: 'Invitation links work for 7 days. Ask the organization to send you a new invitation.',
  },
  revoked: {
    title: 'This invitation was withdrawn',
    text: 'The organization withdrew this invitation. Contact them if you think this is a mistake.',
  },
  accepted: {
    title: 'This invitation has already been used',
    text: 'You are already a member through this invitation. Nothing more to do here.',
  },
};

function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-4 text-center text-sm font-semibold tracking-wide text-indigo-700 uppercase">CL2C</p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
      </div>
    </main>
  );
}

/** The page an invitation e-mail links to. The token is checked again when the form is sent. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const found = await lookupInvitation(await getStore(), token);
  if (found.state !== 'valid') {
    const { title, text } = dead[found.state];
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900" data-testid="invitation-state" data-state={found.state}>
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{text}</p>
      </Shell>
    );
  }
  const email = found.invitation!.email;
  const person = found.registeredUser ? await getPersonFromHeaders(await headers()) : null;
  if (found.registeredUser && person?.userId !== found.registeredUser.id) {
    // A registered person joins only from their own session: the link alone is not them.
    return (
      <Shell>
        <h1 className="text-xl font-semibold text-slate-900" data-testid="invitation-state" data-state="sign_in">
          Join {found.organization!.name}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          This invitation is for <strong className="font-medium text-slate-900">{email}</strong>, who already has an account.
          {person ? ` You are signed in as ${person.email}: sign out, then sign in as ${email} to accept.` : ` Sign in as ${email} to accept it.`}
        </p>
        {!person && (
          <div className="mt-4 flex flex-col gap-2 text-sm font-medium">
            <a href={loginPathFor(`/invite/${token}`)} className="text-indigo-700 hover:underline">
              Sign in as {email}
            </a>
            <a href={passwordLinkPathFor(`/invite/${token}`, email)} className="text-indigo-700 hover:underline">
              No password yet, or forgot it?
            </a>
          </div>
        )}
      </Shell>
    );
  }
  return (
    <Shell>
      <h1 className="text-xl font-semibold text-slate-900">Join {found.organization!.name}</h1>
      <p className="mt-1 text-sm text-slate-600">
        You were invited as <strong className="font-medium text-slate-900">{found.invitation!.email}</strong>.
        {found.registeredUser
          ? ' You already have an account; confirm to become a member.'
          : ' Tell us your name, pick a user name and a password (you sign in with it to answer copyright requests). A wallet is created for you.'}
      </p>
      <div className="mt-5">
        <AcceptInvitationForm
          token={token}
          organizationName={found.organization!.name}
          alreadyRegistered={found.registeredUser !== null}
        />
      </div>
    </Shell>
  );
}
