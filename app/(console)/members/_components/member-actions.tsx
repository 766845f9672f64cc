'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import { errorMessage } from '@/lib/http/client';
import { membersApi } from './member-keys';

import { invalidateAfterMemberChange as invalidate, type MemberTarget as Target } from './member-target';

// The e-mail form (react-hook-form) loads after the page, not in the list's first load.
const ChangeEmailDialog = dynamic(() => import('./change-email-dialog').then((m) => m.ChangeEmailDialog), {
  ssr: false,
});

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
    // A member's login e-mail belongs to the person (A11 answers 409): only an invitation's can change here.
    const items: ActionMenuItem[] = invitation ? [{ label: 'Change e-mail', onSelect: () => setDialog('email') }] : [];
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
      {invitation && (
        <Button size={size} variant="secondary" onClick={() => setDialog('email')} aria-label={`Change e-mail of ${target.email}`}>
          Change e-mail
        </Button>
      )}
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
