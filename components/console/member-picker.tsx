'use client';

import { Combobox } from '@/components/ui/combobox';
import { apiFetch } from '@/lib/http/client';

/** `0x1234…abcd` — enough to tell wallets apart in a list. */
export function shortWallet(address: string | null | undefined) {
  return address ? `${address.slice(0, 6)}…${address.slice(-4)}` : 'no wallet';
}

export type HolderOption = { id: string; email: string; name: string | null; userName: string | null; walletAddress: string | null };

const PAGE = 20;

/**
 * Copyright holders: ACTIVE members found by e-mail, name or user name on the server (no cap on
 * how many exist); `excludeIds` (holders already chosen) are left out of the options.
 */
export function HolderPicker({
  value,
  onChange,
  excludeIds,
  ...rest
}: {
  value: HolderOption | null;
  onChange: (holder: HolderOption | null) => void;
  excludeIds: ReadonlySet<string>;
  id?: string;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Combobox<HolderOption>
      {...rest}
      value={value}
      onChange={onChange}
      // Ask for as many more as are excluded, so a full page is left to show.
      queryKey={(term) => ['nfts', 'holders', 'picker', term, excludeIds.size]}
      fetchOptions={(term, signal) =>
        apiFetch<{ data: HolderOption[] }>('/api/v1/cl2c/nft/holders', {
          query: { search: term, limit: Math.min(100, PAGE + excludeIds.size) },
          signal,
        }).then((r) => r.data)
      }
      exclude={(h) => excludeIds.has(h.id) && h.id !== value?.id}
      getKey={(h) => h.id}
      getLabel={holderLabel}
      renderOption={(h) => (
        <span className="block">
          <span className="block">{h.name && h.name !== h.email ? h.name : h.email}</span>
          {h.name && h.name !== h.email && <span className="block text-xs opacity-75">{h.email}</span>}
        </span>
      )}
      emptyText="No active member matches (holders already chosen are not listed). Not a member yet? Use “Invite a holder” below the split."
    />
  );
}

export function holderLabel(h: HolderOption) {
  return h.name && h.name !== h.email ? `${h.name} — ${h.email}` : h.email;
}

export type RecipientOption = { id: string; email: string; walletAddress: string | null; user: { name: string | null } };

/** Token recipients: ACTIVE members with a wallet (A9 `search`), shown with a short wallet. */
export function RecipientPicker({
  value,
  onChange,
  ...rest
}: {
  value: RecipientOption | null;
  onChange: (member: RecipientOption | null) => void;
  id?: string;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Combobox<RecipientOption>
      {...rest}
      value={value}
      onChange={onChange}
      queryKey={(term) => ['tokens', 'member-options', term]}
      fetchOptions={(term, signal) =>
        apiFetch<{ data: RecipientOption[] }>('/api/v1/cl2c/user', {
          query: { status: 'ACTIVE', hasWallet: 'true', search: term, limit: PAGE, sortBy: 'email', sortOrder: 'asc' },
          signal,
        }).then((r) => r.data)
      }
      getKey={(m) => m.id}
      getLabel={(m) => `${m.email} (${shortWallet(m.walletAddress)})`}
      renderOption={(m) => (
        <span className="flex items-baseline justify-between gap-3">
          <span className="min-w-0">
            <span className="block truncate">{m.email}</span>
            {m.user.name?.trim() && <span className="block truncate text-xs opacity-75">{m.user.name}</span>}
          </span>
          <code className="shrink-0 font-mono text-xs" title={m.walletAddress ?? undefined}>
            {shortWallet(m.walletAddress)}
          </code>
        </span>
      )}
      emptyText="No active member with a wallet matches."
    />
  );
}
