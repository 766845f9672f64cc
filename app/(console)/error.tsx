'use client';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** A page of the console failed to render; the shell (navigation, sign-out) stays usable. */
export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-white">
      <EmptyState
        title="This page could not be loaded"
        description={
          error.digest
            ? `Something went wrong (reference ${error.digest}).`
            : 'Something went wrong.'
        }
        action={<Button onClick={reset}>Try again</Button>}
      />
    </div>
  );
}
