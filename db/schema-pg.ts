import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  json as pgJson,
  pgTable,
  primaryKey,
  text,
  timestamp as pgTimestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  contractStatuses,
  nftStatuses,
  membershipStatuses,
  membershipRoles,
  invitationStatuses,
  shareStatuses,
  copyrightStatuses,
  copyrightRequestStatuses,
  apiKeyFamilies,
  networks,
  chainEnvs,
  tokenTypes,
  transferStatuses,
  chainTxStatuses,
  chainTxKinds,
  ledgerStates,
  chainAttemptPurposes,
  emailStatuses,
  webhookEventTypes,
  webhookEndpointStatuses,
  webhookDeliveryStatuses,
  webhookAttemptOutcomes,
} from './enums';

/**
 * The PostgreSQL twin of db/schema.ts (issue 28): the same tables, columns, defaults, keys and
 * indexes, in PostgreSQL types. db/schema-parity.test.ts fails on any difference between the two
 * (table, column, nullability, type family, default, primary/foreign key, index, uniqueness,
 * partial-index condition), so a change to one file without the other cannot land.
 *
 * Type mapping: SQLite `integer` (64-bit) → `bigint` (as a JavaScript number, like better-sqlite3
 * gives it); epoch-millisecond timestamps → `timestamptz(3)` (millisecond precision, surfacing as
 * `Date` on both); booleans → `boolean`; `real` (SQLite: 8 bytes) → `double precision`; JSON text →
 * `json` (kept as written: `jsonb` would reorder keys, and answers must be byte-identical).
 * PostgreSQL-only objects (pg_trgm, fold function, search indexes, derived-data triggers) are not
 * here but in db/migrations-pg/ (see docs/architecture.md).
 */

const tsOptions = { precision: 3, withTimezone: true, mode: 'date' } as const;

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  pgTimestamp('created_at', tsOptions)
    .notNull()
    .$defaultFn(() => new Date());
const updatedAt = () =>
  pgTimestamp('updated_at', tsOptions)
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
const timestamp = (name: string) => pgTimestamp(name, tsOptions);
const json = (name: string) => pgJson(name).$type<Record<string, unknown>>();

/**
 * B1's keyword fields beside the two names, as `nfts` columns in cl2c_b1_rest's argument order
 * (db/migrations-pg/0010): nfts.rest_fold is their JavaScript folds joined by line feeds.
 */
export const b1RestColumns = ['description', 'external_url', 'image_path', 'mint_transaction_hash', 'mint_logs', 'token_uri', 'token_owner', 'copyright_metadata', 'licence', 'signature'] as const;

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  tenant: text('tenant').notNull().unique(),
  /** AES-256-GCM encrypted dev signing key used by the `local` chain driver. */
  chainKeyEncrypted: text('chain_key_encrypted'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One row per person, global. Also Better Auth's user model (mapped in lib/auth/server.ts):
 * `name` is its display name, `emailConfirmed` its `emailVerified`. E-mails are stored lower-case.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull().unique(),
    name: text('name').notNull().default(''),
    userName: text('user_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    image: text('image'),
    phoneNumber: text('phone_number'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    isRegistered: boolean('is_registered').notNull().default(false),
    pushToken: text('push_token'),
    authLocation: text('auth_location'),
    authValidUpto: timestamp('auth_valid_upto'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_phone_number_uq').on(t.phoneNumber),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    /** Custodial wallets only; never returned by any API. */
    encryptedPrivateKey: text('encrypted_private_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('wallets_address_uq').on(t.address),
    index('wallets_user_idx').on(t.userId),
    uniqueIndex('wallets_one_primary_uq').on(t.userId).where(sql`${t.isPrimary} = true`),
  ],
);

export const userOrganizations = pgTable(
  'user_organizations',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: membershipStatuses }).notNull().default('ACTIVE'),
    role: text('role', { enum: membershipRoles }).notNull().default('MEMBER'),
    /** Derived (trigger-maintained, see db/migrations-pg/0001_search.sql): NFTs of this organization the person holds a share in. */
    totalNfts: bigint('total_nfts', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_org_org_user_uq').on(t.organizationId, t.userId),
    index('user_org_user_idx').on(t.userId),
    index('user_org_org_created_user_idx').on(t.organizationId, t.createdAt, t.userId),
    index('user_org_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('user_org_org_status_created_idx').on(t.organizationId, t.status, t.createdAt),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    phone: text('phone'),
    status: text('status', { enum: invitationStatuses }).notNull().default('PENDING'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    sendCount: bigint('send_count', { mode: 'number' }).notNull().default(0),
    lastSentAt: timestamp('last_sent_at'),
    acceptedAt: timestamp('accepted_at'),
    userOrganizationId: text('user_organization_id').references(() => userOrganizations.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_uq').on(t.tokenHash),
    index('invitations_org_status_created_idx').on(t.organizationId, t.status, t.createdAt),
    index('invitations_org_status_updated_idx').on(t.organizationId, t.status, t.updatedAt),
  ],
);

export const smartContracts = pgTable(
  'smart_contracts',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    description: text('description'),
    network: text('network', { enum: networks }).notNull().default('POLYGON'),
    env: text('env', { enum: chainEnvs }).notNull().default('TESTNET'),
    status: text('status', { enum: contractStatuses }).notNull().default('CREATED'),
    contractAddress: text('contract_address'),
    deployedAt: timestamp('deployed_at'),
    metadata: json('metadata'),
    creatorAddress: text('creator_address'),
    deploymentTransactionHash: text('deployment_transaction_hash'),
    deploymentLogs: text('deployment_logs'),
    /** Derived (trigger-maintained, see db/migrations-pg/0001_search.sql): number of NFTs and the sum of their supply. */
    totalNfts: bigint('total_nfts', { mode: 'number' }).notNull().default(0),
    totalSupply: bigint('total_supply', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contracts_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('contracts_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('contracts_org_name_idx').on(t.organizationId, t.name),
    index('contracts_org_symbol_idx').on(t.organizationId, t.symbol),
    index('contracts_org_status_created_idx').on(t.organizationId, t.status, t.createdAt),
    index('contracts_org_deployed_idx').on(t.organizationId, t.deployedAt),
    // Covering indexes for the deferred join of A1: (organization, sort column, id).
    index('contracts_org_updated_id_idx').on(t.organizationId, t.updatedAt, t.id),
    index('contracts_org_name_id_idx').on(t.organizationId, t.name, t.id),
    index('contracts_org_symbol_id_idx').on(t.organizationId, t.symbol, t.id),
    index('contracts_org_status_id_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('contracts_org_deployed_id_idx').on(t.organizationId, t.deployedAt, t.id),
  ],
);

export const nfts = pgTable(
  'nfts',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    smartContractId: text('smart_contract_id')
      .notNull()
      .references(() => smartContracts.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    externalUrl: text('external_url'),
    imagePath: text('image_path'),
    metadata: json('metadata'),
    metadataUri: text('metadata_uri'),
    supply: bigint('supply', { mode: 'number' }).notNull().default(1),
    status: text('status', { enum: nftStatuses }).notNull().default('CREATED'),
    mintedAt: timestamp('minted_at'),
    tokenId: bigint('token_id', { mode: 'number' }),
    tokenUri: text('token_uri'),
    tokenOwner: text('token_owner'),
    mintTransactionHash: text('mint_transaction_hash'),
    mintLogs: text('mint_logs'),
    licence: text('licence'),
    signature: text('signature'),
    copyrightMetadata: text('copyright_metadata'),
    copyrightedAt: timestamp('copyrighted_at'),
    /** Derived (trigger-maintained, see db/migrations-pg/0001_search.sql): at least one share and every share AUTHORIZED. */
    copyrighted: boolean('copyrighted').notNull().default(false),
    /** Kept in the same transaction as every copyright_shares write (lib/copyright/split.ts). */
    copyrightStatus: text('copyright_status', { enum: copyrightStatuses }).notNull().default('NONE'),
    /** The licence identifier offered to the holders in the current round (lib/copyright/licences.ts). */
    licenceOffered: text('licence_offered'),
    /** CID of the pinned canonical copyright record (set once the record is signed). */
    copyrightRecordCid: text('copyright_record_cid'),
    /**
     * Derived (kept by the PostgreSQL triggers of db/migrations-pg): JavaScript toLowerCase of
     * `name` and of the contract's name, for B1's indexed string sorts and case-insensitive equality.
     */
    nameFold: text('name_fold').notNull().default(''),
    contractNameFold: text('contract_name_fold').notNull().default(''),
    /**
     * Derived (computed by the server on every write, whatever writes the row): cl2c_b1_rest — the
     * JavaScript fold of B1's other keyword fields joined by line feeds (db/migrations-pg/0010), which
     * nfts_search_b_rest_trgm / _grams index. Stored, so a keyword's hits are tested against it as a
     * column instead of folding ten fields again on each (db/migrations-pg/0023).
     */
    restFold: text('rest_fold')
      .notNull()
      .generatedAlwaysAs(sql.raw(`cl2c_b1_rest(${b1RestColumns.map((c) => `"${c}"`).join(', ')})`)),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nfts_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('nfts_contract_idx').on(t.smartContractId),
    // Covering indexes for A5's deferred join and anchored pages: (organization[, filter], sort, id)
    // for every sortBy, unfiltered and under a status or copyrightStatus filter. A contract
    // filter reads (organization, contract, createdAt, id); other sorts within one contract sort
    // its rows (a contract holds hundreds, not millions). The name and mintedAt sorts' indexes are
    // written in SQL (db/migrations-pg/0006_lists.sql: name COLLATE "C", minted_at NULLS FIRST), as
    // are B1's string sorts (0011 and 0019: the folds COLLATE "C"); migration 0019 dropped the
    // plain versions, which no query's order or comparison can use.
    index('nfts_org_updated_id_idx').on(t.organizationId, t.updatedAt, t.id),
    index('nfts_org_supply_id_idx').on(t.organizationId, t.supply, t.id),
    index('nfts_org_status_only_id_idx').on(t.organizationId, t.status, t.id),
    index('nfts_org_status_id_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('nfts_org_status_updated_id_idx').on(t.organizationId, t.status, t.updatedAt, t.id),
    index('nfts_org_status_supply_id_idx').on(t.organizationId, t.status, t.supply, t.id),
    index('nfts_org_copyright_created_id_idx').on(t.organizationId, t.copyrightStatus, t.createdAt, t.id),
    index('nfts_org_copyright_updated_id_idx').on(t.organizationId, t.copyrightStatus, t.updatedAt, t.id),
    index('nfts_org_copyright_status_id_idx').on(t.organizationId, t.copyrightStatus, t.status, t.id),
    index('nfts_org_copyright_supply_id_idx').on(t.organizationId, t.copyrightStatus, t.supply, t.id),
    index('nfts_org_contract_id_idx').on(t.organizationId, t.smartContractId, t.createdAt, t.id),
    // B1 (lib/nft-search): tokenId.
    // NULLS FIRST: B1 sorts a NULL-able key NULL first ascending, last descending (SQLite's order).
    index('nfts_b1_token_id_idx').on(t.organizationId, t.tokenId.asc().nullsFirst(), t.id),
    // B1's `copyrighted` filter: its count is a range of this index, its default order a walk of it.
    index('nfts_b1_copyrighted_created_idx').on(t.organizationId, t.copyrighted, t.createdAt, t.id),
    // The copyrighted NFTs alone, with every B1 sort key: a sparse `copyrighted eq true` sorted in
    // any order off the index (an index-only scan), not found by walking a sort index past every other row.
    index('nfts_b1_copyrighted_sorts_idx')
      .on(t.organizationId, t.createdAt, t.id, t.status, t.supply, t.mintedAt, t.tokenId, t.updatedAt, t.nameFold, t.contractNameFold)
      .where(sql`${t.copyrighted} = true`),
    // B1 under `status eq` sorted by tokenId (NULL for every NFT not minted); by smartContractName:
    // nfts_b1_status_contract_name_fold_c_idx (migration 0019).
    index('nfts_b1_status_token_id_idx').on(t.organizationId, t.status, t.tokenId.asc().nullsFirst(), t.id),
  ],
);

export const copyrightShares = pgTable(
  'copyright_shares',
  {
    id: id(),
    nftId: text('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Percent with at most 2 decimals (validated on input). */
    percentage: doublePrecision('percentage').notNull(),
    status: text('status', { enum: shareStatuses }).notNull().default('PENDING'),
    copyAuthLocation: text('copy_auth_location'),
    copyAuthTimestamp: timestamp('copy_auth_timestamp'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shares_nft_user_uq').on(t.nftId, t.userId),
    index('shares_user_idx').on(t.userId),
  ],
);

/**
 * Exact counters per organization and filter value (`nfts`, `nfts:status:MINTED`, `members`,
 * `invitations:status:PENDING`, `transfers`, `gen`…), kept by triggers in the same transaction as
 * every write (see lib/storage/sqlite/search/README in the README's "Search and derived data").
 */
export const searchCounters = pgTable(
  'search_counters',
  {
    organizationId: text('organization_id').notNull(),
    name: text('name').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);

/**
 * One authorization request per share and round (lib/copyright). Holder, percentage and decision
 * are copied here so a round's decisions stay as history after the split is edited.
 */
export const copyrightRequests = pgTable(
  'copyright_requests',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    nftId: text('nft_id')
      .notNull()
      .references(() => nfts.id, { onDelete: 'cascade' }),
    /** The share this request asks about; null once a new round replaced that share. */
    shareId: text('share_id').references(() => copyrightShares.id, { onDelete: 'set null' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    percentage: doublePrecision('percentage').notNull(),
    licence: text('licence').notNull(),
    round: bigint('round', { mode: 'number' }).notNull(),
    status: text('status', { enum: copyrightRequestStatuses }).notNull().default('OPEN'),
    /** SHA-256 of the link's token; the token exists only in the mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    sendCount: bigint('send_count', { mode: 'number' }).notNull().default(1),
    lastSentAt: timestamp('last_sent_at').notNull(),
    decision: text('decision', { enum: ['AUTHORIZED', 'REJECTED'] }),
    reason: text('reason'),
    location: text('location'),
    decidedAt: timestamp('decided_at'),
    /** 'link' (the mailed page) or 'console' (a holder who is an admin). */
    decidedVia: text('decided_via'),
    /** How the holder proved it was them (their session: user id, session id hash, time, address). */
    evidence: text('evidence'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('copyright_requests_token_uq').on(t.tokenHash),
    index('copyright_requests_nft_idx').on(t.nftId, t.createdAt),
    index('copyright_requests_share_idx').on(t.shareId),
    index('copyright_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

export const tokenTransfers = pgTable(
  'token_transfers',
  {
    id: id(),
    /** Insertion order, the tie-break of the history's order (lib/chain/sequence.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userOrganizationId: text('user_organization_id').references(() => userOrganizations.id, {
      onDelete: 'set null',
    }),
    toAddress: text('to_address').notNull(),
    /** Decimal string, never a binary float. */
    amount: text('amount').notNull(),
    tokenType: text('token_type', { enum: tokenTypes }).notNull(),
    transactionHash: text('transaction_hash'),
    status: text('status', { enum: transferStatuses }).notNull().default('PENDING'),
    broadcast: boolean('broadcast').notNull().default(false),
    chain: text('chain').notNull().default('local'),
    error: text('error'),
    /** The ledger state (lib/chain/state.ts), finer than `status`: queued, sent, mined_reverted, cancelled… */
    state: text('state', { enum: ledgerStates }).notNull().default('queued'),
    idempotencyKey: text('idempotency_key'),
    requestFingerprint: text('request_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('transfers_org_idem_uq')
      .on(t.organizationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('transfers_org_created_idx').on(t.organizationId, t.createdAt, t.seq),
    uniqueIndex('transfers_seq_uq').on(t.seq),
    index('transfers_member_idx').on(t.userOrganizationId),
  ],
);

/**
 * Every chain operation, written (PREPARED) in the same transaction as the domain change that
 * asks for it and BEFORE the chain is called; then the signed transaction (raw bytes, hash, nonce)
 * is stored before it is broadcast, so a crash at any point leaves a row the receipt worker can
 * finish: re-broadcasting the same signed bytes can never send twice.
 */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    id: id(),
    /** Insertion order, from `chain_sequences` in the inserting transaction (lib/chain/sequence.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: chainTxKinds }).notNull(),
    /** The contract, NFT or token transfer this transaction is for. */
    entityId: text('entity_id').notNull(),
    chain: text('chain').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }),
    status: text('status', { enum: chainTxStatuses }).notNull().default('PREPARED'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    nonce: bigint('nonce', { mode: 'number' }),
    transactionHash: text('transaction_hash'),
    raw: text('raw'),
    broadcast: boolean('broadcast').notNull().default(false),
    contractAddress: text('contract_address'),
    tokenId: bigint('token_id', { mode: 'number' }),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockTime: timestamp('block_time'),
    /** Hash of the block the receipt came from: a different block at that height is a reorg. */
    blockHash: text('block_hash'),
    /** Wei, decimal strings: what the mined transaction cost (gasUsed × effectiveGasPrice). */
    gasUsed: text('gas_used'),
    effectiveGasPrice: text('effective_gas_price'),
    /** Wei moved by the transaction (decimal string); the `local` driver's simulated balance counts it. */
    valueWei: text('value_wei'),
    /** Fees of the latest signed attempt (wei, decimal strings). */
    maxFeePerGas: text('max_fee_per_gas'),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas'),
    gasLimit: text('gas_limit'),
    /** When and at which head the latest attempt was broadcast: the stuck clock starts there. */
    sentAt: timestamp('sent_at'),
    sentBlock: bigint('sent_block', { mode: 'number' }),
    cancelRequestedAt: timestamp('cancel_requested_at'),
    /** Genesis block hash of the chain it was signed for (lib/chain/identity.ts). */
    genesisHash: text('genesis_hash'),
    /** Deep enough that no reorg is expected any more: the worker stops re-checking the block. */
    finalAt: timestamp('final_at'),
    error: text('error'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextCheckAt: timestamp('next_check_at'),
    /** The receipt worker instance following the row now, and until when (lib/jobs/chain-worker.ts). */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('chain_tx_hash_uq').on(t.transactionHash).where(sql`${t.transactionHash} is not null`),
    uniqueIndex('chain_tx_live_entity_uq')
      .on(t.entityId)
      .where(sql`${t.status} in ('PREPARED', 'SIGNED', 'SUBMITTED', 'MINED')`),
    index('chain_tx_status_next_idx').on(t.status, t.nextCheckAt),
    index('chain_tx_from_nonce_idx').on(t.chain, t.fromAddress, t.nonce),
    index('chain_tx_entity_idx').on(t.entityId),
    uniqueIndex('chain_tx_seq_uq').on(t.seq),
  ],
);

/** Every transaction signed for a ledger row (the first, each fee bump, a cancel): every hash tried. */
export const chainTxAttempts = pgTable(
  'chain_tx_attempts',
  {
    id: id(),
    /** Insertion order (lib/chain/sequence.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    chainTxId: text('chain_tx_id')
      .notNull()
      .references(() => chainTransactions.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: chainAttemptPurposes }).notNull(),
    transactionHash: text('transaction_hash').notNull(),
    raw: text('raw').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    broadcast: boolean('broadcast').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chain_tx_attempts_hash_uq').on(t.transactionHash),
    index('chain_tx_attempts_tx_idx').on(t.chainTxId, t.createdAt),
    uniqueIndex('chain_tx_attempts_seq_uq').on(t.seq),
  ],
);

/** The state history of every ledger row, one row per transition (lib/chain/state.ts). */
export const chainTxEvents = pgTable(
  'chain_tx_events',
  {
    id: id(),
    /** Insertion order (lib/chain/sequence.ts). */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    chainTxId: text('chain_tx_id')
      .notNull()
      .references(() => chainTransactions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: chainTxStatuses }).notNull(),
    previousStatus: text('previous_status', { enum: chainTxStatuses }),
    transactionHash: text('transaction_hash'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('chain_tx_events_tx_idx').on(t.chainTxId, t.createdAt), uniqueIndex('chain_tx_events_seq_uq').on(t.seq)],
);

/**
 * The chain a driver talks to, as first seen (chain id + genesis block hash), and the last check.
 * `mismatch` set: the node now serves another chain; sending stops until `cli chain reconcile`.
 */
export const chainIdentities = pgTable('chain_identities', {
  driver: text('driver').primaryKey(),
  chainId: bigint('chain_id', { mode: 'number' }).notNull(),
  genesisHash: text('genesis_hash').notNull(),
  checkedAt: timestamp('checked_at'),
  mismatch: text('mismatch'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Insertion order of the ledger's tables without an engine's row id: one counter per table, taken
 * (`value + 1`, under the row's lock on PostgreSQL) in the transaction that inserts the row, so the
 * order is the commit order on both engines (lib/chain/sequence.ts).
 */
export const chainSequences = pgTable('chain_sequences', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/**
 * One nonce sequence per (chain, wallet) (lib/chain/nonce-lock.ts): the transaction that signs and
 * records a wallet's next transaction first takes this row (an upsert: PostgreSQL locks it until
 * commit), so two instances never choose a nonce for one wallet at the same time; `next` is one
 * more than the highest nonce handed out.
 */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    next: bigint('next', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family', { enum: apiKeyFamilies }).notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: timestamp('last_used_at'),
    expiresAt: timestamp('expires_at'),
    revokedAt: timestamp('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    index('api_keys_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    organizationId: text('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: emailStatuses }).notNull().default('PENDING'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at'),
    /** Set while a worker is handing the mail to SMTP; still set on boot = interrupted by a crash. */
    claimedAt: timestamp('claimed_at'),
    /**
     * The worker holding the mail and until when (lib/mail/queue.ts): a lease that runs out belongs
     * to an instance that died, and the mail is claimed again (on PostgreSQL `FOR UPDATE SKIP LOCKED`).
     */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until'),
    sentAt: timestamp('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    index('outbox_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    organizationId: text('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    actorType: text('actor_type', { enum: ['api_key', 'user', 'system'] }).notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    requestId: text('request_id'),
    data: json('data'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('audit_org_created_idx').on(t.organizationId, t.createdAt),
    index('audit_entity_idx').on(t.entityType, t.entityId),
    // The activity page's filters, each newest first within the organization.
    index('audit_org_action_created_idx').on(t.organizationId, t.action, t.createdAt),
    index('audit_org_entity_type_created_idx').on(t.organizationId, t.entityType, t.createdAt),
    index('audit_org_actor_created_idx').on(t.organizationId, t.actorId, t.createdAt),
  ],
);

/* ---- Webhooks (lib/webhooks, lib/jobs/webhook-worker.ts) ---- */

/** A URL of an organization that receives signed event messages (Standard Webhooks). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives; an empty list means every type. */
    eventTypes: pgJson('event_types').$type<string[]>().notNull(),
    /** `whsec_…`, sealed at rest (lib/crypto/secret-box): it must be readable to sign. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation; it also signs until previousSecretExpiresAt. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at'),
    status: text('status', { enum: webhookEndpointStatuses }).notNull().default('ENABLED'),
    disabledReason: text('disabled_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_org_created_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One message per state change, written in the same transaction as the change (the outbox).
 * `id` is the `webhook-id` every delivery and replay of it carries; `payload` the exact body sent.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: webhookEventTypes }).notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    /** 1, 2, 3… per (resourceType, resourceId): a receiver drops a message older than one it already has. */
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('webhook_events_resource_seq_uq').on(t.resourceType, t.resourceId, t.sequence),
    index('webhook_events_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * One event to one endpoint. The worker claims due rows by writing claimedBy + leaseUntil
 * (on PostgreSQL the same claim is `FOR UPDATE SKIP LOCKED`); a lease that runs out belongs to
 * a worker that died, and the row is claimed again.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('PENDING'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until'),
    lastStatusCode: bigint('last_status_code', { mode: 'number' }),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at'),
    /** Set on a row a replay created (the event was delivered before, or not). */
    replay: boolean('replay').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_status_next_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** The delivery log: one row per HTTP attempt, written when it starts and finished when it ends. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    outcome: text('outcome', { enum: webhookAttemptOutcomes }).notNull().default('IN_FLIGHT'),
    statusCode: bigint('status_code', { mode: 'number' }),
    latencyMs: bigint('latency_ms', { mode: 'number' }),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    workerId: text('worker_id'),
    startedAt: timestamp('started_at').notNull(),
    finishedAt: timestamp('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_number_uq').on(t.deliveryId, t.number)],
);

/* ---- Better Auth tables (database sessions, credential accounts) ---- */

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

