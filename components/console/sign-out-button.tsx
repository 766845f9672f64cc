'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

export function SignOutButton() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={pending}
      onClick={async () => {
        setPending(true);
        // Better Auth's sign-out endpoint, called directly: its browser client (~12 kB gzip) would
        // otherwise ride along on every console page for this one request.
        const failed = await fetch('/api/auth/sign-out', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
          credentials: 'same-origin',
        })
          .then((res) => (res.ok ? null : `Sign-out failed (${res.status}).`))
          .catch(() => 'The server could not be reached. Try again.');
        if (failed) {
          setPending(false);
          toast.error(failed);
          return;
        }
        queryClient.clear();
        router.replace('/login');
        router.refresh();
      }}
    >
      Sign out
    </Button>
  );
}
