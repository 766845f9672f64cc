import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { auditEvents } from '@/db/schema';
import { likePattern } from '../../like';
import type { AuditFilter } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { columnMatch, ftsPhrase } from '../search/fts';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type { AuditFilter } from '../../list-requests';

/** The events of one organization the activity list or export is about. */
export function auditRowsWhere(organizationId: string, f: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [eq(auditEvents.organizationId, organizationId)];
  if (f.actor) conditions.push(eq(auditEvents.actorId, f.actor));
  if (f.action) conditions.push(eq(auditEvents.action, f.action));
  if (f.entityType) conditions.push(eq(auditEvents.entityType, f.entityType));
  if (f.entityId) conditions.push(eq(auditEvents.entityId, f.entityId));
  if (f.from) conditions.push(gte(auditEvents.createdAt, new Date(`${f.from}T00:00:00.000Z`)));
  if (f.to) conditions.push(lt(auditEvents.createdAt, new Date(Date.parse(`${f.to}T00:00:00.000Z`) + DAY_MS)));
  if (f.search) conditions.push(auditSearch(organizationId, f.search));
  return and(...conditions);
}

/**
 * One page of the activity list, by created_at then id in `order`. Without a search each filter
 * has its own (organization, column, created_at) index (migration console_audit), so a filtered
 * page reads only its own rows. With one, the search's hits by rowid (NOT INDEXED: the planner
 * must not walk the organization's events and test each), then sorted: the cost follows the hits.
 */
export function auditPage(db: Db, organizationId: string, f: AuditFilter, p: { page: number; limit: number; order: 'asc' | 'desc' }): IdsPage {
  const where = auditRowsWhere(organizationId, f);
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const from = f.search ? sql`"audit_events" not indexed` : sql`"audit_events"`;
  const total = f.search
    ? (db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${where}`)?.n ?? 0)
    : (db.select({ n: count() }).from(auditEvents).where(where).get()?.n ?? 0);
  const ids = db
    .all<{ id: string }>(
      sql`select "audit_events"."id" as "id" from ${from} where ${where}
        order by "audit_events"."created_at" ${dir}, "audit_events"."id" ${dir} limit ${p.limit} offset ${(p.page - 1) * p.limit}`,
    )
    .map((r) => r.id);
  return { ids, total };
}

/** Where an export stands: an offset into a search's hits, or the last (created_at, id) read. */
export type AuditExportCursor = number | { at: number; id: string };

/**
 * The activity export's reader: chunks of event ids, newest first (id breaks ties). Without a
 * search: keyset chunks over the (organization, created_at) index. With one: the hits' rowids are
 * read once, in order (the search costs what its hits cost), then handed out chunk by chunk.
 */
export function auditExportReader(db: Db, organizationId: string, f: AuditFilter, chunk: number) {
  const where = auditRowsWhere(organizationId, f);
  if (f.search) {
    let hits: string[] | null = null;
    return (cursor: AuditExportCursor | null): { ids: string[]; next: AuditExportCursor | null } => {
      hits ??= db
        .all<{ id: string }>(sql`select "audit_events"."id" as "id" from "audit_events" not indexed where ${where} order by "audit_events"."created_at" desc, "audit_events"."id" desc`)
        .map((r) => r.id);
      const start = typeof cursor === 'number' ? cursor : 0;
      return { ids: hits.slice(start, start + chunk), next: start + chunk < hits.length ? start + chunk : null };
    };
  }
  return (cursor: AuditExportCursor | null): { ids: string[]; next: AuditExportCursor | null } => {
    const after = cursor && typeof cursor === 'object' ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${cursor.at}, ${cursor.id})` : undefined;
    const rows = db
      .select({ id: auditEvents.id, createdAt: auditEvents.createdAt })
      .from(auditEvents)
      .where(and(where, after))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(chunk)
      .all();
    const last = rows[rows.length - 1];
    return { ids: rows.map((r) => r.id), next: rows.length === chunk && last ? { at: last.createdAt.getTime(), id: last.id } : null };
  };
}

/**
 * The activity search as the rowids of the matching audit events of one organization — a
 * condition `"audit_events"."rowid" in (…)` for a query over `audit_events NOT INDEXED`. Every
 * branch starts from an index and reaches the events through one: action names through
 * (organization, action, created_at); records by name through the trigram indexes the lists use
 * (contracts, NFTs, users, invitations — the LIKE still decides, as in the lists) and then
 * (entity_type, entity_id); people also as actors through (organization, actor_id, created_at).
 * So a search costs what its hits cost, never a read of every event. Terms shorter than three
 * characters have no trigram: they match action names (and nothing is scanned).
 */
function auditSearch(organizationId: string, search: NonNullable<AuditFilter['search']>): SQL {
  const { term, actions, entityTypes } = search;
  const branches: SQL[] = [];
  if (actions.length)
    branches.push(sql`select "a"."rowid" from "audit_events" as "a" indexed by "audit_org_action_created_idx"
      where "a"."organization_id" = ${organizationId} and "a"."action" in (${sql.join(actions.map((a) => sql`${a}`), sql`, `)})`);
  if (UUID.test(term) && entityTypes.length) {
    branches.push(sql`select "a"."rowid" from "audit_events" as "a" indexed by "audit_entity_idx"
      where "a"."entity_type" in (${sql.join(entityTypes.map((t) => sql`${t}`), sql`, `)}) and "a"."entity_id" = ${term.toLowerCase()} and "a"."organization_id" = ${organizationId}`);
  }
  const phrase = ftsPhrase(term, 'A');
  if (phrase) {
    const pattern = likePattern(term);
    const like = (column: string) => sql`${sql.raw(column)} like ${pattern} escape '\\'`;
    const events = (entityType: string, idColumn: string) =>
      sql`cross join "audit_events" as "a" indexed by "audit_entity_idx" on "a"."entity_type" = ${entityType} and "a"."entity_id" = ${sql.raw(idColumn)}
        and "a"."organization_id" = ${organizationId}`;
    const hits = (table: string, expr: string) => sql`(select rowid as "r" from ${sql.identifier(table)} where ${sql.identifier(table)} match ${expr}) as "hit"`;
    branches.push(sql`select "a"."rowid" from ${hits('search_contracts', columnMatch(['name', 'symbol', 'description'], phrase))}
      cross join "smart_contracts" as "c" on "c"."rowid" = "hit"."r" ${events('smart_contract', '"c"."id"')}
      where "c"."organization_id" = ${organizationId} and (${like('"c"."name"')} or ${like('"c"."symbol"')} or ${like('"c"."description"')})`);
    branches.push(sql`select "a"."rowid" from ${hits('search_nfts', columnMatch(['name', 'description'], phrase))}
      cross join "nfts" as "n" on "n"."rowid" = "hit"."r" ${events('nft', '"n"."id"')}
      where "n"."organization_id" = ${organizationId} and (${like('"n"."name"')} or ${like('"n"."description"')})`);
    branches.push(sql`select "a"."rowid" from ${hits('search_invitations', phrase)}
      cross join "invitations" as "i" on "i"."rowid" = "hit"."r" ${events('invitation', '"i"."id"')}
      where "i"."organization_id" = ${organizationId} and ${like('"i"."email"')}`);
    // People: found by e-mail or name, then the events about them (as a user or a membership of
    // this organization) and the events they did.
    const people = sql`select "u"."id" as "id" from ${hits('search_users', phrase)}
      cross join "users" as "u" on "u"."rowid" = "hit"."r"
      where ${like('"u"."email"')} or ${like('"u"."name"')} or ${like('"u"."user_name"')} or ${like(`("u"."first_name" || ' ' || "u"."last_name")`)}`;
    branches.push(sql`select "a"."rowid" from (${people}) as "p" ${events('user', '"p"."id"')}`);
    branches.push(sql`select "a"."rowid" from (${people}) as "p"
      cross join "user_organizations" as "m" on "m"."user_id" = "p"."id" and "m"."organization_id" = ${organizationId}
      ${events('user_organization', '"m"."id"')}`);
    branches.push(sql`select "a"."rowid" from (${people}) as "p"
      cross join "audit_events" as "a" indexed by "audit_org_actor_created_idx" on "a"."organization_id" = ${organizationId} and "a"."actor_id" = "p"."id"`);
    // API keys: a handful per organization, read by their own index.
    branches.push(sql`select "a"."rowid" from "api_keys" as "k"
      cross join "audit_events" as "a" indexed by "audit_org_actor_created_idx" on "a"."organization_id" = ${organizationId} and "a"."actor_id" = "k"."id"
      where "k"."organization_id" = ${organizationId} and ${like('"k"."name"')}`);
    branches.push(sql`select "a"."rowid" from "api_keys" as "k" ${events('api_key', '"k"."id"')}
      where "k"."organization_id" = ${organizationId} and ${like('"k"."name"')}`);
  }
  // Nothing can match: an empty rowid set keeps the plan a rowid lookup, not a walk.
  if (branches.length === 0) return sql`"audit_events"."rowid" in (select null where 0)`;
  return sql`"audit_events"."rowid" in (${sql.join(branches, sql` union `)})`;
}
