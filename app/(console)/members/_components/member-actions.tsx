'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { errorMessage } from '@/lib/http/client';
import type { UpdateMemberBody, UpdateMemberInput } from '@/lib/members/schemas';
import { outboxKeys } from '@/app/(console)/outbox/_components/outbox-keys';
import { memberKeys, membersApi } from './member-keys';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateMemberBodyResolver = lazyZodResolver<UpdateMemberInput, UpdateMemberBody>(() =>
  import('@/lib/members/schemas').then((m) => m.updateMemberBody),
);

type Target = { id: string; email: string; kind: 'member' | 'invitation'; role?: string | null };

/** A member change can queue mail, so the outbox refreshes too. */
const invalidate = [memberKeys.all, outboxKeys.all] as const;

/** Change e-mail (members and invitations); for invitations, optionally mail a new link. */
export function ChangeEmailDialog({ target, open, onOpenChange }: { target: Target; open: boolean; onOpenChange: (o: boolean) => void }) {
  const form = useForm<UpdateMemberInput, unknown, UpdateMemberBody>({
    resolver: updateMemberBodyResolver,
    defaultValues: { email: target.email, resend: target.kind === 'invitation' ? true : undefined },
  });
  const mutation = useFormMutation({
    mutationFn: (body: UpdateMemberBody) => membersApi.update(target.id, body),
    success: (res) =>
      res.resent ? `E-mail changed to ${res.email}; a new invitation was sent.` : `E-mail changed to ${res.email}.`,
    invalidate,
    onSuccess: () => onOpenChange(false),
    setError: form.setError,
    fields: ['email', 'resend'],
  });
  const { errors } = form.formState;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!mutation.isPending}
      title={target.kind === 'invitation' ? 'Change the invitation’s e-mail' : 'Change the member’s e-mail'}
      description={
        target.kind === 'invitation'
          ? 'The link already sent stops working. Send a new invitation to the corrected address.'
          : 'The person signs in and receives mail at the new address. E-mail addresses are unique.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="change-email-form" loading={mutation.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id="change-email-form" noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => mutation.mutate(v))}>
        <FormField label="E-mail" required error={errors.email?.message ?? errors.root?.message}>
          {(p) => <Input {...p} type="email" autoComplete="off" {...form.register('email')} />}
        </FormField>
        {target.kind === 'invitation' && (
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="size-4 rounded border-slate-300" {...form.register('resend')} />
            Send a new invitation e-mail now
          </label>
        )}
      </form>
    </Dialog>
  );
}

export function useResendInvitation() {
  return useFormMutation({
    mutationFn: (target: Target) => membersApi.update(target.id, { resend: true }),
    success: (res) => `A new invitation was sent to ${res.email}.`,
    invalidate,
  });
}

/** Remove a membership or revoke an invitation — always asks first. */
export function RemoveDialog({
  target,
  open,
  onOpenChange,
  onRemoved,
}: {
  target: Target;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onRemoved?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const mutation = useFormMutation({
    mutationFn: () => membersApi.remove(target.id),
    success: (res) => res.message,
    invalidate,
    onSuccess: () => {
      onOpenChange(false);
      onRemoved?.();
    },
    // Shown inside the confirm dialog, not as a toast.
    onError: (e) => {
      setError(errorMessage(e));
      return true;
    },
  });
  const invitation = target.kind === 'invitation';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => {
        setError(null);
        onOpenChange(o);
      }}
      title={invitation ? `Revoke the invitation for ${target.email}?` : `Remove ${target.email} from the organization?`}
      description={
        invitation
          ? 'The invitation link stops working. You can invite the address again later.'
          : 'The membership is deleted. Their copyright shares stay on the NFTs, as history.'
      }
      confirmLabel={invitation ? 'Revoke invitation' : 'Remove member'}
      pending={mutation.isPending}
      error={error}
      onConfirm={() => mutation.mutate()}
    />
  );
}

/**
 * The actions for one member or invitation: one "⋯" menu in a list row (`menu`), buttons on the
 * detail page.
 */
export function MemberActions({
  target,
  onRemoved,
  size = 'sm',
  menu = false,
}: {
  target: Target;
  onRemoved?: () => void;
  size?: 'sm' | 'md';
  menu?: boolean;
}) {
  const [dialog, setDialog] = useState<'email' | 'remove' | null>(null);
  const resend = useResendInvitation();
  const invitation = target.kind === 'invitation';
  const dialogs = (
    <>
      {/* Mounted only while open, so each opening starts from the current values. */}
      {dialog === 'email' && <ChangeEmailDialog target={target} open onOpenChange={(o) => setDialog(o ? 'email' : null)} />}
      {dialog === 'remove' && (
        <RemoveDialog target={target} open onOpenChange={(o) => setDialog(o ? 'remove' : null)} onRemoved={onRemoved} />
      )}
    </>
  );
  if (menu) {
    const items: ActionMenuItem[] = [{ label: 'Change e-mail', onSelect: () => setDialog('email') }];
    if (invitation)
      items.push({ label: 'Resend invitation', onSelect: () => resend.mutate(target), disabled: resend.isPending });
    if (target.role !== 'OWNER')
      items.push({ label: invitation ? 'Revoke invitation' : 'Remove member', onSelect: () => setDialog('remove'), destructive: true });
    return (
      <div className="flex justify-end">
        <ActionMenu label={`Actions for ${target.email}`} items={items} />
        {dialogs}
      </div>
    );
  }
  return (
    <div className="flex items-center justify-end gap-1.5">
      <Button size={size} variant="secondary" onClick={() => setDialog('email')} aria-label={`Change e-mail of ${target.email}`}>
        Change e-mail
      </Button>
      {invitation && (
        <Button
          size={size}
          variant="secondary"
          loading={resend.isPending}
          onClick={() => resend.mutate(target)}
          aria-label={`Resend invitation to ${target.email}`}
        >
          Resend
        </Button>
      )}
      {target.role !== 'OWNER' && (
        <Button
          size={size}
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => setDialog('remove')}
          aria-label={`${invitation ? 'Revoke invitation of' : 'Remove'} ${target.email}`}
        >
          {invitation ? 'Revoke' : 'Remove'}
        </Button>
      )}
      {dialogs}
    </div>
  );
}
