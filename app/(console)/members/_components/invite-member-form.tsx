'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { BulkInviteResult, InviteEntry, inviteEntry } from '@/lib/invitations/schemas';
import type { z } from 'zod';
import { memberKeys, membersApi } from './member-keys';

/** The form checks the very rules A13 applies to each entry (`inviteEntry`) before sending. */
type InviteValues = z.input<typeof inviteEntry>;

/** A13's entry schema, loaded when the form first validates (keeps zod out of the first load). */
const inviteEntryResolver = lazyZodResolver<InviteValues, InviteEntry>(() =>
  import('@/lib/invitations/schemas').then((m) => m.inviteEntry),
);

/** One person through A13, with A13's result shown as it is. */
export function InviteMemberForm({ onDone }: { onDone: () => void }) {
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteValues, unknown, InviteEntry>({
    resolver: inviteEntryResolver,
    defaultValues: { email: '', phone: '' },
  });

  const invite = useFormMutation({
    mutationFn: (entry: InviteEntry) => membersApi.bulk({ users: [{ email: entry.email, phone: entry.phone }] }),
    invalidate: [memberKeys.all],
    success: (res) => {
      const r = res.data.results[0];
      return r?.status === 'invited' ? `Invitation sent to ${r.email}.` : undefined;
    },
    onSuccess: (res) => {
      const r = res.data.results[0];
      if (!r) return;
      if (r.status === 'invited') {
        onDone();
        return;
      }
      if (r.status === 'failed') {
        // A13 names the entry's field ("email: …"); put it next to that field.
        for (const part of r.reason.split('; ')) {
          const m = /^(?:entry\.)?(email|phone): (.*)$/.exec(part);
          if (m) setError(m[1] as 'email' | 'phone', { type: 'server', message: `${m[1] === 'email' ? 'E-mail' : 'Phone'} ${m[2]}` });
        }
      }
      setResult(r);
    },
  });

  return (
    <form
      onSubmit={handleSubmit((values) => {
        setResult(null);
        invite.mutate(values);
      })}
      noValidate
      className="space-y-4"
    >
      {result && result.status !== 'invited' && (
        <div
          role="status"
          data-testid="invite-result"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Not invited: {result.reason}.
          {result.status === 'skipped' && result.id && (
            <>
              {' '}
              <Link href={`/members/${result.id}`} className="font-medium underline">
                Open {result.email}
              </Link>
            </>
          )}
        </div>
      )}
      <FormField label="E-mail" required error={errors.email?.message && withName('E-mail', errors.email.message)}>
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="off"
            autoFocus
            maxLength={320}
            {...register('email', { onChange: () => setResult(null) })}
          />
        )}
      </FormField>
      <FormField
        label="Phone"
        hint="Optional, e.g. +44 20 7946 0958"
        error={errors.phone?.message && withName('Phone', errors.phone.message)}
      >
        {(p) => (
          <Input {...p} type="tel" autoComplete="off" maxLength={40} {...register('phone', { onChange: () => setResult(null) })} />
        )}
      </FormField>
      <div className="flex justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={onDone} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}

/** "must be a valid e-mail address" → "E-mail must be a valid e-mail address" (a screen reader hears the field). */
function withName(name: string, message: string) {
  return message.startsWith(name) ? message : `${name} ${message}`;
}
