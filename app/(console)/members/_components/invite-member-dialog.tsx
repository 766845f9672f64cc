'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

// The form (react-hook-form) loads after the page, not in the members list's first load.
const InviteMemberForm = dynamic(() => import('./invite-member-form').then((m) => m.InviteMemberForm), {
  ssr: false,
});

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
