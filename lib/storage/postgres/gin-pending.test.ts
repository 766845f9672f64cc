import type { ClientBase } from 'pg';
import { describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { dropSecondaryIndexes } from './copy';

/*
 * Every GIN index on nfts merges its pending list in small steps (migration 0018): with the default
 * 4 MB one NFT creation in many paid a merge of thousands of others' entries (A6's p99).
 */
const pg = withPostgres();

describe('NFT search indexes', () => {
  it('every GIN index on nfts has a 64 kB pending list, kept when `db copy` rebuilds the indexes', async () => {
    await expectSmallPending(pg.db().$client);
    const client = await pg.db().$client.connect();
    try {
      await client.query('BEGIN');
      for (const def of await dropSecondaryIndexes(client)) await client.query(def);
      await expectSmallPending(client);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

async function expectSmallPending(db: Pick<ClientBase, 'query'>) {
  const { rows } = await db.query<{ name: string; options: string[] | null }>(
    `select c.relname as name, c.reloptions as options from pg_index i join pg_class c on c.oid = i.indexrelid
     join pg_am a on a.oid = c.relam where i.indrelid = 'nfts'::regclass and a.amname = 'gin' order by 1`,
  );
  expect(rows.length).toBeGreaterThanOrEqual(6);
  for (const r of rows) expect(r.options, r.name).toContain('gin_pending_list_limit=64');
}
