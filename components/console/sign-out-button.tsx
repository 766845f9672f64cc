'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { authClient } from '@/lib/auth/client';

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
        const { error } = await authClient.signOut();
        if (error) {
          setPending(false);
          toast.error(error.message ?? 'Sign-out failed.');
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
