'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A chain fact (address, transaction hash) shown whole — never shortened, so it can be read and
 * compared — with a copy button and, when the network is one an explorer knows, a link to it.
 */
export function ChainValue({
  value,
  label,
  href,
  testId,
}: {
  value: string | null | undefined;
  /** What the value is ("contract address"): names the copy button and the explorer link. */
  label: string;
  /** Explorer page of the value (lib/shared/explorer.ts); null when there is none. */
  href?: string | null;
  testId?: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2_000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!value) return <span className="text-slate-500">—</span>;
  return (
    <span className="inline-flex max-w-full flex-wrap items-center gap-x-2 gap-y-1">
      <code className="min-w-0 font-mono text-xs break-all" data-testid={testId}>
        {value}
      </code>
      <Button
        variant="ghost"
        size="sm"
        className="h-7 px-2"
        aria-label={`Copy ${label}`}
        onClick={() => {
          navigator.clipboard.writeText(value).then(
            () => setCopied('yes'),
            () => setCopied('failed'),
          );
        }}
      >
        Copy
      </Button>
      {href && (
        <a
          href={href}
          target="_blank"
          rel="noreferrer noopener"
          className="text-xs text-indigo-700 underline-offset-2 hover:underline"
          aria-label={`View ${label} on the block explorer (opens a new tab)`}
        >
          Explorer ↗
        </a>
      )}
      <span role="status" aria-live="polite" className="text-xs text-emerald-800">
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed — select the text instead' : ''}
      </span>
    </span>
  );
}
