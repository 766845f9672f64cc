'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/http/client';
import { inviteEntry, type BulkInviteResult, type InviteEntry } from '@/lib/invitations/schemas';
import { memberKeys, membersApi } from './member-keys';

/** The form checks the very rules A13 applies to each entry (`inviteEntry`) before sending. */
type InviteValues = z.input<typeof inviteEntry>;

/** "Invite member" on /members: one person through A13, with A13's result shown as it is. */
export function InviteMemberButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Invite member</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Invite a member"
        description="They get an e-mail with a link to register; the link is valid for 7 days."
      >
        <InviteMemberForm onDone={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function InviteMemberForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [result, setResult] = useState<BulkInviteResult | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteValues, unknown, InviteEntry>({
    resolver: zodResolver(inviteEntry),
    defaultValues: { email: '', phone: '' },
  });

  const invite = useMutation({
    mutationFn: (entry: InviteEntry) => membersApi.bulk({ users: [{ email: entry.email, phone: entry.phone }] }),
    onSuccess: async (res) => {
      const r = res.data.results[0];
      if (!r) return;
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      if (r.status === 'invited') {
        toast.success(`Invitation sent to ${r.email}.`);
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
    onError: (error) => toast.error(errorMessage(error)),
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
