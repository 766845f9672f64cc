import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { likePattern } from '../../like';
import type { MemberFilter, MemberPageRequest } from '../../list-requests';
import type { IdsPage } from '../../lists';
import { cachedCount } from '../search/count-cache';
import { readCounter } from '../search/counters';
import { ftsPhrase, hitCount } from '../search/fts';
import { anchoredPageIds, boundedPageIds, pageWindow, type AnchoredQuery } from '../search/paging';
import { searchTuning } from '../search/tuning';

const sortColumns = { createdAt: 'created_at', updatedAt: 'updated_at', email: 'email', status: 'status' } as const;
const indexNames = { createdAt: 'created', updatedAt: 'updated', email: 'email', status: 'status_created' } as const;

/**
 * The (organization[, filter], sort, id) index of `member_list` a page is read from
 * (db/migrations/*_member_list*.sql). `status` sorts its ties by createdAt (then id), so it reads
 * the (organization[, hasWallet], status, created_at, id) indexes: a new row lands at the end of its
 * status's range instead of at a random id, which keeps a 100-entry import's writes few.
 */
function memberPageIndex(q: Pick<MemberPageRequest, 'status' | 'hasWallet' | 'sortBy'>): string {
  if (q.status) return `member_list_status_${q.sortBy === 'status' ? 'created' : indexNames[q.sortBy]}_idx`;
  if (q.hasWallet !== undefined) return `member_list_wallet_${indexNames[q.sortBy]}_idx`;
  return `member_list_${indexNames[q.sortBy]}_idx`;
}

/**
 * A9 on SQLite: memberships and pending invitations as one list, read off the derived table
 * `member_list` (db/migrations/*_member_list.sql, kept exact by triggers). The page's ids come off
 * an (organization[, filter], sort, id) index — a deferred join. Totals come from the counters, or
 * from the exact count cache.
 */
export function memberPage(db: Db, organizationId: string, q: MemberPageRequest): IdsPage {
  const where: SQL[] = [sql`"ml"."organization_id" = ${organizationId}`];
  if (q.status) where.push(sql`"ml"."status" = ${q.status}`);
  if (q.hasWallet !== undefined) where.push(sql`"ml"."has_wallet" = ${q.hasWallet ? 1 : 0}`);
  const pattern = q.search ? likePattern(q.search) : null;
  const search = pattern ? memberSearch(db, organizationId, q.search!, pattern) : null;
  // Rare terms: the (few) trigram-index hits by rowid (NOT INDEXED: no index walk). Otherwise the
  // page index is walked — for a search testing each row, stopping when the page is full.
  const byRowid = sql`"member_list" as "ml" not indexed`;
  const byIndex = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex(q))}`;
  const walked = sql.join([...where, ...(search ? [search.perRow] : [])], sql` and `);
  // The total of a search counts the index's candidates (common terms too), never the whole list.
  const counted = search?.candidates ? { from: byRowid, where: sql.join([...where, search.candidates], sql` and `) } : { from: byIndex, where: walked };

  const total =
    !pattern && q.hasWallet === undefined
      ? q.status === 'PENDING'
        ? readCounter(db, organizationId, 'invitations:status:PENDING')
        : q.status
          ? readCounter(db, organizationId, `members:status:${q.status}`)
          : listSize(db, organizationId)
      : cachedCount(db, organizationId, `members:${JSON.stringify([q.search, q.status, q.hasWallet])}`, () =>
          db.get<{ n: number }>(sql`select count(*) as "n" from ${counted.from} where ${counted.where}`)?.n ?? 0,
        );
  const sorted = search?.candidates && !walkCheaper(db, organizationId, q, total, search.hits);
  const [from, filtered] = sorted ? [counted.from, counted.where] : [byIndex, walked];
  const page: AnchoredQuery = {
    organizationId,
    key: `members|${JSON.stringify([q.search, q.status, q.hasWallet])}|${q.sortBy}`,
    from,
    id: sql`"ml"."id"`,
    where: filtered,
    // A status filter fixes the status sort: created_at and the id order the rows (search/paging.ts AnchoredQuery.sort).
    sort: q.status && q.sortBy === 'status' ? null : sql`"ml".${sql.identifier(sortColumns[q.sortBy])}`,
    then: q.sortBy === 'status' ? sql`"ml"."created_at"` : undefined,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  };
  // A walked search whose matches sit together far along the order (`person1` matches the
  // people numbered 1, 10–19, …, 10000–19999: created together) is read as the e-mail range they
  // begin with where that range is all of them; otherwise the walk is bounded, and a page it does
  // not fill within the bound is read off the candidates, sorted. Every sort column is NOT NULL.
  // In e-mail order the range is read as it is; in another order it is sorted, so there it only
  // stands in for sorting the hits, after a walk bounded to walkBudget rows (a walked member row
  // tests LIKEs over the row and its user, ~10× an NFT name's cost: the walk does not grow).
  const walkedSearch = !!search?.candidates && !sorted;
  const leading = () => (walkedSearch ? leadingEmailRange(db, organizationId, q, where, total) : null);
  const byRange = (range: { from: SQL; where: SQL }) => anchoredPageIds(db, { ...page, key: `${page.key}|leading`, ...range });
  const first = q.sortBy === 'email' ? leading() : null;
  const ids = first
    ? byRange(first)
    : ((walkedSearch ? boundedPageIds(db, page, sql.join(where, sql` and `), 0) : anchoredPageIds(db, page)) ??
      ((range) => (range ? byRange(range) : anchoredPageIds(db, { ...page, from: counted.from, where: counted.where })))(q.sortBy === 'email' ? null : leading()));
  return { ids, total };
}


const listSize = (db: Db, organizationId: string) =>
  readCounter(db, organizationId, 'members') + readCounter(db, organizationId, 'invitations:status:PENDING');

/**
 * A search whose matches are exactly the e-mails that begin with its term (`person1`: person1@,
 * person10@ … person19999@): those are one range of the (organization[, filter], email, id) index.
 * Decided exactly: an e-mail beginning with the term contains it (LIKE), so the range is within the
 * matches, and when it holds as many rows as the search's exact total it is all of them. ASCII
 * terms only (lowered, as LIKE folds ASCII letters); the range's size is counted once per write
 * generation. The page is read off that range (sorted, unless by e-mail). Null otherwise.
 */
function leadingEmailRange(db: Db, organizationId: string, q: MemberPageRequest, where: SQL[], total: number): { from: SQL; where: SQL } | null {
  if (!q.search || !/^[\x20-\x7e]+$/.test(q.search) || total === 0) return null;
  const term = q.search.toLowerCase();
  const upper = term.slice(0, -1) + String.fromCharCode(term.charCodeAt(term.length - 1) + 1);
  const range = sql.join([...where, sql`"ml"."email" >= ${term}`, sql`"ml"."email" < ${upper}`], sql` and `);
  const from = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex({ ...q, sortBy: 'email' }))}`;
  const inRange = cachedCount(db, organizationId, `members-leading:${JSON.stringify([term, q.status, q.hasWallet])}`, () => db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${range}`)?.n ?? 0);
  return inRange === total ? { from, where: range } : null;
}

/**
 * Walk the page index (testing each row) rather than sort the search's trigram hits? Always for a
 * term with at least `memberCommonHits` hits; otherwise when the rows the walk is expected to test
 * before the page's end — its position (from the nearer end) × the list's size / the exact total,
 * the matches being spread through the list — are few against the hits sorting would read
 * (`memberWalkRatio`), and the order is not by e-mail. A common first name's first pages walk a
 * few hundred rows instead of gathering and sorting thousands of hits. Both plans give the same
 * rows; this only picks the cheaper.
 */
function walkCheaper(db: Db, organizationId: string, q: MemberPageRequest, total: number, hits: number): boolean {
  if (hits >= searchTuning.memberCommonHits) return true;
  // Sorted by e-mail, the matches of a term are not spread: a first name is the e-mail's start, so
  // its matches sit together (at 100k members a walk for `Ada`, descending, tested ~95k rows).
  if (q.sortBy === 'email') return false;
  const w = pageWindow(total, q.page, q.limit, q.sortOrder);
  if (!w || total === 0) return false;
  const rowsToWalk = ((w.offset + w.limit) * listSize(db, organizationId)) / total;
  return rowsToWalk <= searchTuning.memberWalkRatio * hits;
}

/**
 * The A9 search (LIKE semantics over e-mail, name, userName, "first last" and the invitation's
 * e-mail, as before), either as the rowids of the matching rows — when the trigram indexes answer
 * it and the term is rare — or as a predicate tested per row while walking the sort index.
 */
function memberSearch(db: Db, organizationId: string, term: string, pattern: string) {
  const like = (column: SQL) => sql`${column} like ${pattern} escape '\\'`;
  const userMatches = (u: string) =>
    sql`(${like(sql.raw(`"${u}"."email"`))} or ${like(sql.raw(`"${u}"."name"`))} or ${like(sql.raw(`"${u}"."user_name"`))} or ${like(sql.raw(`("${u}"."first_name" || ' ' || "${u}"."last_name")`))})`;
  const perRow = sql`(${like(sql`"ml"."email"`)} or ("ml"."kind" = 'member' and exists (select 1 from "users" as "su" where "su"."id" = "ml"."user_id" and ${userMatches('su')})))`;
  // The trigram indexes narrow the candidates; the LIKE still decides (lib/storage/sqlite/search/fts.ts).
  const phrase = ftsPhrase(term, 'A');
  if (!phrase) return { perRow, candidates: null, hits: 0 };
  // A fixed plan: each trigram hit (by rowid) to its member_list row (by index). Left to the
  // planner, an index created after the last ANALYZE (e.g. by a migration) looked cheaper and
  // every search walked the organization's whole list.
  const candidates = sql`"ml"."rowid" in (select "cm"."rowid" from (select rowid as "r" from "search_users" where "search_users" match ${phrase}) as "hit"
      cross join "users" as "cu" on "cu"."rowid" = "hit"."r"
      cross join "member_list" as "cm" indexed by "member_list_user_idx" on "cm"."user_id" = "cu"."id"
      where "cm"."organization_id" = ${organizationId} and ${userMatches('cu')}
    union all
    select "cm"."rowid" from (select rowid as "r" from "search_invitations" where "search_invitations" match ${phrase}) as "hit"
      cross join "invitations" as "ci" on "ci"."rowid" = "hit"."r"
      cross join "member_list" as "cm" indexed by "member_list_created_idx"
        on "cm"."organization_id" = "ci"."organization_id" and "cm"."created_at" = "ci"."created_at" and "cm"."id" = "ci"."id" and "cm"."kind" = 'invitation'
      where "ci"."organization_id" = ${organizationId} and ${like(sql`"ci"."email"`)})`;
  // Users are global, so this counts every organization's people (at most `limit` per index).
  const limit = searchTuning.memberCommonHits;
  const hits = hitCount(db, 'search_users', phrase, limit) + hitCount(db, 'search_invitations', phrase, limit);
  return { perRow, candidates, hits };
}

/**
 * One chunk of an A9 export, newest first (id breaks ties), after `cursor`, in keyset order over
 * member_list's (organization[, filter], created_at, id) index. A rare term reads its trigram hits
 * by rowid; a common one is tested per row while the index is walked.
 */
export function memberExportChunk(
  db: Db,
  organizationId: string,
  q: MemberFilter,
  cursor: { at: number; id: string } | null,
  limit: number,
): { id: string; createdAt: number }[] {
  const where: SQL[] = [sql`"ml"."organization_id" = ${organizationId}`];
  if (q.status) where.push(sql`"ml"."status" = ${q.status}`);
  if (q.hasWallet !== undefined) where.push(sql`"ml"."has_wallet" = ${q.hasWallet ? 1 : 0}`);
  let from = sql`"member_list" as "ml" indexed by ${sql.identifier(memberPageIndex({ ...q, sortBy: 'createdAt' }))}`;
  if (q.search) {
    const search = memberSearch(db, organizationId, q.search, likePattern(q.search));
    if (search.candidates && search.hits < searchTuning.memberCommonHits) {
      where.push(search.candidates);
      from = sql`"member_list" as "ml" not indexed`;
    } else {
      where.push(search.perRow);
    }
  }
  if (cursor) where.push(sql`("ml"."created_at", "ml"."id") < (${cursor.at}, ${cursor.id})`);
  return db.all<{ id: string; createdAt: number }>(
    sql`select "ml"."id" as "id", "ml"."created_at" as "createdAt" from ${from} where ${sql.join(where, sql` and `)}
        order by "ml"."created_at" desc, "ml"."id" desc limit ${limit}`,
  );
}
