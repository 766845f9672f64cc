import { webhookEventTypes } from '@/db/enums';

export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The types an endpoint can subscribe to (`webhook.test` is sent on request, to one endpoint). */
export const subscribableEventTypes = webhookEventTypes.filter((t): t is Exclude<WebhookEventType, 'webhook.test'> => t !== 'webhook.test');

/** The resource a message carries in `data`, as the API returns it (GET of that resource). */
export type WebhookResourceType = 'contract' | 'nft' | 'copyright' | 'transfer' | 'member' | 'webhook';

/**
 * Chain outcomes → event types, in ONE table. The chain ledger reports a record's new state
 * through its state hook (lib/chain/state-hook.ts); this decides which message that is. Transfer
 * states the ledger does not have yet (a replaced or cancelled transaction) are listed with the
 * event they will raise, so following the ledger's states is an edit here only.
 */
export const chainStateEvents = {
  deploy: { DEPLOYED: 'contract.deployed', FAILED: 'contract.failed' },
  mint: { MINTED: 'nft.minted', FAILED: 'nft.failed' },
  transfer: {
    /** Broadcast; the node accepted it (a `local` SIGNED transfer was never sent: no message). */
    SUBMITTED: 'transfer.sent',
    CONFIRMED: 'transfer.confirmed',
    /** Mined, and the receipt says it reverted. */
    REVERTED: 'transfer.reverted',
    /** Nothing was sent, or the node refused it, or no receipt ever came. */
    ERRORED: 'transfer.errored',
    REPLACED: 'transfer.replaced',
    CANCELLED: 'transfer.cancelled',
  },
} as const satisfies Record<string, Record<string, WebhookEventType>>;

/** Contract and NFT statuses an A3/A7 hand edit can set that clients hear about. */
export const manualStatusEvents = {
  contract: { DEPLOYED: 'contract.deployed', FAILED: 'contract.failed' },
  nft: { MINTED: 'nft.minted', FAILED: 'nft.failed' },
} as const satisfies Record<string, Record<string, WebhookEventType>>;
