import { sql, type SQL } from 'drizzle-orm';
import { likePattern } from '@/lib/storage/like';
import { columnMatch, ftsPhrase } from '@/lib/storage/sqlite/search/fts';
import { auditActionLabels, auditEntityTypeLabels } from './labels';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Action codes whose console name (or code) contains `term`, case-insensitively. */
export function actionsMatching(term: string): string[] {
  const t = term.toLowerCase();
  return Object.entries(auditActionLabels)
    .filter(([code, label]) => code.includes(t) || label.toLowerCase().includes(t))
    .map(([code]) => code);
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
export function auditSearch(organizationId: string, term: string): SQL {
  const branches: SQL[] = [];
  const actions = actionsMatching(term);
  if (actions.length)
    branches.push(sql`select "a"."rowid" from "audit_events" as "a" indexed by "audit_org_action_created_idx"
      where "a"."organization_id" = ${organizationId} and "a"."action" in (${sql.join(actions.map((a) => sql`${a}`), sql`, `)})`);
  if (UUID.test(term)) {
    const types = Object.keys(auditEntityTypeLabels);
    branches.push(sql`select "a"."rowid" from "audit_events" as "a" indexed by "audit_entity_idx"
      where "a"."entity_type" in (${sql.join(types.map((t) => sql`${t}`), sql`, `)}) and "a"."entity_id" = ${term.toLowerCase()} and "a"."organization_id" = ${organizationId}`);
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
