'use client';

import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/components/ui/lazy-zod-resolver';
import { useFormMutation } from '@/components/ui/use-form-mutation';
import type { UpdateMemberBody, UpdateMemberInput } from '@/lib/members/schemas';
import { membersApi } from './member-keys';
import { invalidateAfterMemberChange as invalidate, type MemberTarget as Target } from './member-target';

/** The API's own schema, loaded when the form first validates (keeps zod out of the first load). */
const updateMemberBodyResolver = lazyZodResolver<UpdateMemberInput, UpdateMemberBody>(() =>
  import('@/lib/members/schemas').then((m) => m.updateMemberBody),
);

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
