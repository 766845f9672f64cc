'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui';

/** The `whsec_` secret, shown this once with a copy button. */
export function SecretOnce({ secret, label, onDone }: { secret: string; label: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success('Secret copied to the clipboard.');
    } catch {
      toast.error('Copying failed; select the secret and copy it by hand.');
    }
  };
  return (
    <div className="space-y-4">
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700" id="webhook-secret-label">
          {label}
        </p>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby="webhook-secret-label"
            data-testid="webhook-secret"
            className="block min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs break-all select-all"
          >
            {secret}
          </code>
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
