import { webhookEventTypes } from '@/db/enums';
import type { LedgerChange } from '@/lib/chain/state';

export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The types an endpoint can subscribe to (`webhook.test` is sent on request, to one endpoint). */
export const subscribableEventTypes = webhookEventTypes.filter((t): t is Exclude<WebhookEventType, 'webhook.test'> => t !== 'webhook.test');

/** The resource a message carries in `data`, as the API returns it (GET of that resource). */
export type WebhookResourceType = 'contract' | 'nft' | 'copyright' | 'transfer' | 'member' | 'webhook';

/**
 * Chain ledger changes → event types, in ONE place. Every ledger state change goes through
 * lib/chain/state.ts `applyTransition`, which calls its listeners inside the change's transaction;
 * this decides which message (if any) a change is. Contracts and NFTs hear only their outcome;
 * a send is followed through each step: sent (the node accepted it; a `local` send is signed but
 * never sent, so no message), replaced (a fee bump: a new hash for the same nonce), confirmed
 * (deep enough), reverted (mined, gas spent), cancelled (our zero-value cancel took the nonce) and
 * errored (nothing was sent, or the chain it was on is gone).
 */
export function eventForLedgerChange(change: Pick<LedgerChange, 'row' | 'previousStatus' | 'status' | 'hashChanged'>): { type: WebhookEventType; resourceType: WebhookResourceType } | null {
  const { row, previousStatus, status, hashChanged } = change;
  const failed = status === 'REVERTED' || status === 'FAILED' || status === 'ORPHANED';
  // A nonce filler (the wallet's zero-value transfer to itself) is nobody's resource: no message.
  if (row.kind === 'filler') return null;
  if (row.kind === 'deploy') {
    if (status === 'CONFIRMED') return { type: 'contract.deployed', resourceType: 'contract' };
    return failed ? { type: 'contract.failed', resourceType: 'contract' } : null;
  }
  if (row.kind === 'mint') {
    if (status === 'CONFIRMED') return { type: 'nft.minted', resourceType: 'nft' };
    return failed ? { type: 'nft.failed', resourceType: 'nft' } : null;
  }
  const type = transferEvent(row.chain === 'local', previousStatus, status, hashChanged);
  return type ? { type, resourceType: 'transfer' } : null;
}

function transferEvent(local: boolean, previous: LedgerChange['previousStatus'], status: LedgerChange['status'], hashChanged: boolean): WebhookEventType | null {
  switch (status) {
    case 'SUBMITTED':
      if (local) return null;
      // Already out there and a new hash: the same nonce signed again (higher fees, or our cancel).
      if ((previous === 'SUBMITTED' || previous === 'MINED') && hashChanged) return 'transfer.replaced';
      // Only a note on a pending send (e.g. a cancel requested): nothing a receiver must act on.
      if (previous === 'SUBMITTED') return null;
      // First sent, or sent again after a reorg dropped its block (same bytes, pending again).
      return 'transfer.sent';
    case 'CONFIRMED':
      return local ? null : 'transfer.confirmed';
    case 'REVERTED':
      return 'transfer.reverted';
    case 'CANCELLED':
      return 'transfer.cancelled';
    case 'FAILED':
    case 'ORPHANED':
      return 'transfer.errored';
    default:
      return null;
  }
}

/** Contract and NFT statuses an A3/A7 hand edit can set that clients hear about. */
export const manualStatusEvents = {
  contract: { DEPLOYED: 'contract.deployed', FAILED: 'contract.failed' },
  nft: { MINTED: 'nft.minted', FAILED: 'nft.failed' },
} as const satisfies Record<string, Record<string, WebhookEventType>>;
