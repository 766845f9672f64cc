import { sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../like';
import type { AuditFilter, AuditPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { contractMatch, invitationMatch, nftMatch, personMatch } from '../search/queries';
import { foldTerm } from '../search/terms';
import type { Handle } from './paging';

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The events (`a` = audit_events) of one organization the activity list or export is about. */
export function auditRowsWherePg(organizationId: string, f: AuditFilter): SQL {
  const conditions: SQL[] = [sql`a.organization_id = ${organizationId}`];
  if (f.actor) conditions.push(sql`a.actor_id = ${f.actor}`);
  if (f.action) conditions.push(sql`a.action = ${f.action}`);
  if (f.entityType) conditions.push(sql`a.entity_type = ${f.entityType}`);
  if (f.entityId) conditions.push(sql`a.entity_id = ${f.entityId}`);
  if (f.from) conditions.push(sql`a.created_at >= ${at(Date.parse(`${f.from}T00:00:00.000Z`))}`);
  if (f.to) conditions.push(sql`a.created_at < ${at(Date.parse(`${f.to}T00:00:00.000Z`) + DAY_MS)}`);
  if (f.search) conditions.push(sql`a.id in (${auditSearch(organizationId, f.search)})`);
  return sql.join(conditions, sql` and `);
}

/**
 * The activity search as the ids of the matching events of one organization, the SQLite module's
 * branches exactly: action names through (organization, action, created_at); an exact record id
 * through (entity_type, entity_id); records by name through the search indexes the lists use
 * (contracts, NFTs, invitations, people — LIKE semantics, ASCII folded) and then
 * (entity_type, entity_id); people and API keys also as actors through (organization, actor_id,
 * created_at). Terms shorter than three characters match action names and ids only, as on SQLite
 * (whose record branches need a trigram).
 */
function auditSearch(organizationId: string, search: NonNullable<AuditFilter['search']>): SQL {
  const { term, actions, entityTypes } = search;
  const branches: SQL[] = [];
  const about = (entityType: string, ids: SQL) =>
    sql`select e.id from audit_events e where e.entity_type = ${entityType} and e.entity_id in (${ids}) and e.organization_id = ${organizationId}`;
  const by = (ids: SQL) => sql`select e.id from audit_events e where e.organization_id = ${organizationId} and e.actor_id in (${ids})`;
  if (actions.length) {
    branches.push(sql`select e.id from audit_events e where e.organization_id = ${organizationId}
      and e.action in (${sql.join(actions.map((x) => sql`${x}`), sql`, `)})`);
  }
  if (UUID.test(term) && entityTypes.length) {
    branches.push(sql`select e.id from audit_events e where e.entity_type in (${sql.join(entityTypes.map((t) => sql`${t}`), sql`, `)})
      and e.entity_id = ${term.toLowerCase()} and e.organization_id = ${organizationId}`);
  }
  if ([...term].length >= 3) {
    branches.push(about('smart_contract', sql`select id from smart_contracts where organization_id = ${organizationId} and ${contractMatch(term)}`));
    branches.push(about('nft', sql`select id from nfts where organization_id = ${organizationId} and ${nftMatch(term, 'A')}`));
    branches.push(about('invitation', sql`select i.id from invitations i where i.organization_id = ${organizationId} and ${invitationMatch(term)}`));
    const people = sql`select u.id from users u where ${personMatch(term)}`;
    branches.push(about('user', people));
    branches.push(about('user_organization', sql`select m.id from user_organizations m where m.organization_id = ${organizationId} and m.user_id in (${people})`));
    branches.push(by(people));
    const keys = sql`select k.id from api_keys k where k.organization_id = ${organizationId}
      and cl2c_ascii_lower(k.name) like ${likePattern(foldTerm(term, 'A'))} escape '\\'`;
    branches.push(by(keys));
    branches.push(about('api_key', keys));
  }
  if (branches.length === 0) return sql`select null::text where false`;
  return sql.join(branches, sql` union `);
}

/** One page of the activity list, by created_at then id in `order` (the id compared bytewise, as SQLite does). */
export async function auditPage(db: Handle, organizationId: string, f: AuditFilter, p: AuditPageRequest): Promise<IdsPage> {
  const where = auditRowsWherePg(organizationId, f);
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const [counted, ids] = await Promise.all([
    db.execute<{ n: string }>(sql`select count(*) as n from audit_events a where ${where}`),
    db.execute<{ id: string }>(sql`select a.id from audit_events a where ${where}
      order by a.created_at ${dir}, a.id collate "C" ${dir} limit ${p.limit} offset ${(p.page - 1) * p.limit}`),
  ]);
  return { ids: ids.rows.map((r) => r.id), total: Number(counted.rows[0]!.n) };
}

/** Where an export stands: the last (created_at, id) read (a search too: keyset over its hits). */
export type AuditExportCursorPg = { at: number; id: string };

/** The activity export's reader: chunks of event ids, newest first (id breaks ties), keyset. */
export function auditExportReader(db: Handle, organizationId: string, f: AuditFilter, chunk: number) {
  const where = auditRowsWherePg(organizationId, f);
  return async (cursor: AuditExportCursorPg | null): Promise<{ ids: string[]; next: AuditExportCursorPg | null }> => {
    const after = cursor ? sql` and (a.created_at, a.id collate "C") < (${at(cursor.at)}, ${cursor.id} collate "C")` : sql``;
    const rows = await db.execute<{ id: string; ms: string }>(sql`select a.id, (extract(epoch from a.created_at) * 1000)::bigint as ms
      from audit_events a where ${where}${after} order by a.created_at desc, a.id collate "C" desc limit ${chunk}`);
    const last = rows.rows[rows.rows.length - 1];
    return { ids: rows.rows.map((r) => r.id), next: rows.rows.length === chunk && last ? { at: Number(last.ms), id: last.id } : null };
  };
}
