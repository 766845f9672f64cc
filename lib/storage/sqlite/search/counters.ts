import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';

type Reader = Pick<Db, 'get'>;

/**
 * Exact counters kept by triggers (db/migrations/*_search_fts.sql) in the same transaction as
 * the write: `nfts`, `nfts:status:<S>`, `nfts:copyrighted:status:<S>` (db/migrations/0031),
 * `nfts:copyright:<C>:status:<S>` (C not NONE: db/migrations/0032), `contracts`, `contracts:status:<S>`, `members`,
 * `members:status:<S>`, `invitations:status:<S>`, `transfers`, and `gen` (bumped by every write
 * that can change a list or search answer of the organization; organization '' = global).
 */
export function readCounter(db: Reader, organizationId: string, name: string): number {
  return db.get<{ n: number }>(sql`select "n" from "search_counters" where "organization_id" = ${organizationId} and "name" = ${name}`)?.n ?? 0;
}

/**
 * The sum of the organization's counters whose name begins with `prefix` (which ends in `:`, so
 * `nfts:copyright:` does not reach `nfts:copyrighted:…`): one range of the counters' key.
 */
export function sumCounters(db: Reader, organizationId: string, prefix: string): number {
  const upper = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return (
    db.get<{ n: number }>(
      sql`select coalesce(sum("n"), 0) as "n" from "search_counters" where "organization_id" = ${organizationId} and "name" >= ${prefix} and "name" < ${upper}`,
    )?.n ?? 0
  );
}

/** The organization's write generation combined with the global one (users, wallets). */
export function generation(db: Reader, organizationId: string): string {
  const row = db.get<{ org: number | null; global: number | null }>(sql`select
    (select "n" from "search_counters" where "organization_id" = ${organizationId} and "name" = 'gen') as "org",
    (select "n" from "search_counters" where "organization_id" = '' and "name" = 'gen') as "global"`);
  return `${row?.org ?? 0}.${row?.global ?? 0}`;
}
