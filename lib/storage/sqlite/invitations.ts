import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import type { NewInvitation } from '../shapes';

/**
 * Freshly sent PENDING invitations, all sent at `now`, as one statement over a JSON array of their
 * own fields, in order. One statement, not one per row: each statement that writes the search
 * index flushes its own FTS5 segment (per-row inserts cost ~50 µs more per row at 100k members);
 * and not a Drizzle multi-row insert: building one of 100 rows cost more than running it.
 */
export function insertInvitations(db: Pick<Db, 'run'>, organizationId: string, rows: NewInvitation[], now: Date) {
  const at = now.getTime();
  const json = rows.map((r) => ({ ...r, expiresAt: r.expiresAt.getTime() }));
  db.run(sql`insert into invitations (id, organization_id, email, phone, status, token_hash, expires_at, send_count, last_sent_at, created_at, updated_at)
    select value ->> 'id', ${organizationId}, value ->> 'email', value ->> 'phone', 'PENDING', value ->> 'tokenHash', value ->> 'expiresAt', 1, ${at}, ${at}, ${at}
    from json_each(${JSON.stringify(json)})`);
}
