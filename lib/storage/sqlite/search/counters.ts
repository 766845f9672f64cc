import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';

type Reader = Pick<Db, 'get'>;

/**
 * Exact counters kept by triggers (db/migrations/*_search_fts.sql) in the same transaction as
 * the write: `nfts`, `nfts:status:<S>`, `nfts:copyrighted:status:<S>` (db/migrations/0031), `contracts`, `contracts:status:<S>`, `members`,
 * `members:status:<S>`, `invitations:status:<S>`, `transfers`, and `gen` (bumped by every write
 * that can change a list or search answer of the organization; organization '' = global).
 */
export function readCounter(db: Reader, organizationId: string, name: string): number {
  return db.get<{ n: number }>(sql`select "n" from "search_counters" where "organization_id" = ${organizationId} and "name" = ${name}`)?.n ?? 0;
}

/** The organization's write generation combined with the global one (users, wallets). */
export function generation(db: Reader, organizationId: string): string {
  const row = db.get<{ org: number | null; global: number | null }>(sql`select
    (select "n" from "search_counters" where "organization_id" = ${organizationId} and "name" = 'gen') as "org",
    (select "n" from "search_counters" where "organization_id" = '' and "name" = 'gen') as "global"`);
  return `${row?.org ?? 0}.${row?.global ?? 0}`;
}
