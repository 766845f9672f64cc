import * as sqliteSchema from '@/db/schema';
import * as pgSchema from '@/db/schema-pg';
import { processEngine } from './engine';

/**
 * The tables of the engine this process runs on (lib/storage/engine.ts), for domain services
 * written against the engine-neutral `Store` (lib/storage/store.ts). Both schema files describe the
 * same tables, columns and JavaScript values (db/schema-pg.test.ts holds them equal), so the
 * PostgreSQL types describe either; at run time each engine's Drizzle database gets its own
 * engine's table objects.
 */
export const tables: typeof pgSchema = (processEngine() === 'postgres' ? pgSchema : sqliteSchema) as unknown as typeof pgSchema;

export const {
  organizations,
  users,
  wallets,
  userOrganizations,
  invitations,
  smartContracts,
  nfts,
  copyrightShares,
  copyrightRequests,
  tokenTransfers,
  chainTransactions,
  chainTxAttempts,
  chainTxEvents,
  chainIdentities,
  chainSequences,
  chainNonces,
  apiKeys,
  outboxEmails,
  auditEvents,
  webhookEndpoints,
  webhookEvents,
  webhookDeliveries,
  webhookAttempts,
  sessions,
  accounts,
  verifications,
} = tables;
