import { sql } from 'drizzle-orm';
import type { NewInvitation } from '../shapes';
import type { PgDb, PgTx } from './connection';

/**
 * Freshly sent PENDING invitations, all sent at `now`, as one statement over a JSON array of their
 * own fields (one statement: the search index's statement-level work runs once per import).
 */
export async function insertInvitations(db: PgDb | PgTx, organizationId: string, rows: NewInvitation[], now: Date) {
  const at = now.toISOString();
  const json = rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
  await db.execute(sql`insert into invitations (id, organization_id, email, phone, status, token_hash, expires_at, send_count, last_sent_at, created_at, updated_at)
    select r.id, ${organizationId}, r.email, r.phone, 'PENDING', r."tokenHash", r."expiresAt", 1, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(id text, email text, phone text, "tokenHash" text, "expiresAt" timestamptz)`);
}
