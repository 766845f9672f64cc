/**
 * The value lists of the schema's enum columns, in a module without Drizzle so browser code (the
 * console's filters and selects) can import them without shipping the ORM. db/schema.ts re-exports them.
 */
export const contractStatuses = ['CREATED', 'DEPLOYED', 'FAILED'] as const;
export const nftStatuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'] as const;
export const membershipStatuses = ['ACTIVE', 'SUSPENDED'] as const;
export const membershipRoles = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export const invitationStatuses = ['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED'] as const;
export const shareStatuses = ['PENDING', 'AUTHORIZED', 'REJECTED'] as const;
/** The NFT's split as a whole (lib/copyright): no shares, someone still to answer, a rejection, all authorized. */
export const copyrightStatuses = ['NONE', 'AWAITING', 'REJECTED', 'COPYRIGHTED'] as const;
/** A request link's life: open, answered, replaced by a resend, or cancelled by a new round. */
export const copyrightRequestStatuses = ['OPEN', 'USED', 'SUPERSEDED', 'CANCELLED'] as const;
export const apiKeyFamilies = ['A', 'B'] as const;
export const networks = ['POLYGON'] as const;
export const chainEnvs = ['TESTNET', 'MAINNET'] as const;
export const tokenTypes = ['mainnet', 'faucet'] as const;
export const transferStatuses = ['PENDING', 'SIGNED', 'SUBMITTED', 'CONFIRMED', 'FAILED'] as const;
/**
 * Ledger of chain operations (lib/chain/ledger.ts): PREPARED (queued) is written before the chain is
 * called; SIGNED/SUBMITTED (sent) and MINED (in a block, not yet deep enough) stay pending until
 * CONFIRMED (mined, at the configured depth), REVERTED (mined, gas spent), FAILED (errored before
 * sending, nothing spent), CANCELLED (its nonce consumed by our cancel) or ORPHANED (the chain it
 * was sent to is gone; `chain reconcile`).
 */
export const chainTxStatuses = ['PREPARED', 'SIGNED', 'SUBMITTED', 'MINED', 'CONFIRMED', 'REVERTED', 'FAILED', 'CANCELLED', 'ORPHANED'] as const;
/** Not final: the receipt worker follows these until their nonce is consumed on chain (lib/jobs/chain-worker.ts); a live ledger row of a record is one of them. */
export const pendingChainTxStatuses = ['PREPARED', 'SIGNED', 'SUBMITTED', 'MINED'] as const satisfies readonly (typeof chainTxStatuses)[number][];
/** The ledger state a client reads on a send (README "Chain transactions" maps it to `status`). */
export const ledgerStates = ['queued', 'signed', 'sent', 'mined_success', 'mined_reverted', 'errored', 'cancelled', 'orphaned'] as const;
/** Why a transaction of a ledger row was signed: the first one, a fee bump of a stuck one, or a cancel. */
export const chainAttemptPurposes = ['original', 'speedup', 'cancel'] as const;
/**
 * What a ledger row is for: a client's deployment, mint or send — or `filler`, the receipt worker's
 * zero-value transfer of a wallet to itself at a nonce nothing else will take (a send refused after
 * signing left it free while later sends wait behind it; lib/chain/evm.ts `fillNonceGap`). A filler
 * has no client record: nothing but the ledger and the logs shows it. A plain text column on both
 * engines (no CHECK), so the value needs no migration.
 */
export const chainTxKinds = ['deploy', 'mint', 'transfer', 'filler'] as const;
export const emailStatuses = ['PENDING', 'SENT', 'FAILED'] as const;
/** Webhook event types (lib/webhooks/events.ts maps each domain state onto one of them). */
export const webhookEventTypes = [
  'contract.deployed',
  'contract.failed',
  'nft.minted',
  'nft.failed',
  'copyright.authorized',
  'copyright.rejected',
  'copyright.completed',
  'transfer.sent',
  'transfer.confirmed',
  'transfer.reverted',
  'transfer.errored',
  'transfer.replaced',
  'transfer.cancelled',
  'member.invited',
  'member.joined',
  'member.removed',
  'webhook.test',
] as const;
export const webhookEndpointStatuses = ['ENABLED', 'DISABLED'] as const;
/** PENDING: due or waiting for its next attempt; SUCCEEDED: a 2xx answer; FAILED: out of attempts, 410, or the endpoint refused. */
export const webhookDeliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
/** One attempt's result; IN_FLIGHT while the request runs, INTERRUPTED when a crash cut it off. */
export const webhookAttemptOutcomes = ['IN_FLIGHT', 'SUCCEEDED', 'FAILED', 'INTERRUPTED'] as const;
