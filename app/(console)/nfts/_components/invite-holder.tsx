'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { BulkInviteResult } from '@/lib/invitations/schemas';
import { memberKeys, membersApi } from '../../members/_components/member-keys';

/**
 * Copyright holders must be ACTIVE members (the API refuses anyone else, docs/api-family-a.md "Copyright
 * splits"), so a person who is not one yet cannot hold a share in this request. Instead of a detour
 * through the Members page, the split editor invites them right here (A13, one entry) and says
 * exactly what happens next: they accept, then they can be picked as a holder.
 */
export function InviteHolder() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const invite = useFormMutation({
    mutationFn: (address: string) => membersApi.bulk({ users: [{ email: address }] }),
    invalidate: [memberKeys.all],
    onSuccess: (response) => setResult(response.data.results[0] ?? null),
  });
  const send = () => {
    if (!email.trim() || invite.isPending) return;
    setResult(null);
    invite.mutate(email.trim());
  };
  if (!open) {
    return (
      <Button variant="link" size="sm" onClick={() => setOpen(true)}>
        Invite a holder who is not a member yet
      </Button>
    );
  }
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="invite-holder">
      <p className="text-xs text-slate-700">
        Holders must be active members. Invite the person here; once they accept the invitation they are a member and can be
        added to the split.
      </p>
      {/* Not a <form>: it sits inside the NFT form, and forms cannot nest. */}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor="invite-holder-email" className="mb-1 block text-xs font-medium text-slate-700">
            Holder’s e-mail
          </label>
          <Input
            id="invite-holder-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onKeyDown={(e) => {
              // Enter invites; it must not submit the NFT form around it.
              if (e.key === 'Enter') {
                e.preventDefault();
                send();
              }
            }}
          />
        </div>
        <Button size="sm" variant="secondary" loading={invite.isPending} disabled={!email.trim()} onClick={send}>
          Send invitation
        </Button>
      </div>
      {result && (
        <p role="status" className="text-sm text-slate-800" data-testid="invite-holder-result" data-status={result.status}>
          {result.status === 'invited' ? (
            <>
              Invitation sent to <strong>{result.email}</strong>. They become a member when they accept it (the link is in the mail;
              without SMTP, copy it from the <Link href={`/outbox?search=${encodeURIComponent(result.email)}`} className="text-indigo-700 underline">Outbox</Link>).
              Then add them to this split — you can create the NFT now and change its split later (a new round of requests).
            </>
          ) : result.reason.startsWith('already a member') ? (
            <>
              <strong>{result.email}</strong> is already a member: search for them in a holder field above (a suspended member must be
              reactivated first).
            </>
          ) : result.status === 'skipped' ? (
            <>
              <strong>{result.email}</strong> already has a pending invitation: once they accept it, add them here. To send it again, use
              Resend on the <Link href={`/members?search=${encodeURIComponent(result.email)}`} className="text-indigo-700 underline">Members</Link> page.
            </>
          ) : (
            <span className="text-red-700">Not invited: {result.reason}</span>
          )}
        </p>
      )}
    </div>
  );
}
