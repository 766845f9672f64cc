import { sql, type SQL } from 'drizzle-orm';
import type { PgDb, PgTx } from '../connection';
import type { IdsPage } from '@/lib/storage/lists';
import { containsAny } from '../../like';
import { foldTerm, matchSql, type MatchForm, type PageRequest, type Semantics } from './terms';

/*
 * The PostgreSQL query modules of the NFT, contract and member searches (issue 28): given an
 * organization and a term, the ids of one page and the exact total. Every expression here is the
 * one a GIN index of db/migrations-pg/0001_search.sql is built on, so the planner can use it:
 * change one and change the other.
 */

type Handle = PgDb | PgTx;

async function page(db: Handle, rows: SQL, p: PageRequest): Promise<IdsPage> {
  const dir = p.order === 'asc' ? sql`asc` : sql`desc`;
  const [ids, count] = await Promise.all([
    db.execute<{ id: string }>(sql`select id from (${rows}) as hit order by created_at ${dir}, id collate "C" ${dir} limit ${p.limit} offset ${p.offset}`),
    db.execute<{ n: string }>(sql`select count(*) as n from (${rows}) as hit`),
  ]);
  return { ids: ids.rows.map((r) => r.id), total: Number(count.rows[0]!.n) };
}

const a = (column: SQL) => sql`cl2c_ascii_lower(${column})`;

/**
 * NFTs. Family A (A5): name or description, LIKE semantics. Family B (B1 keyword over the NFT's
 * name and its contract's name): the stored folds `name_fold` / `contract_name_fold`, which the
 * nfts_fold triggers keep as cl2c_fold (JavaScript's toLowerCase) of the current names.
 */
export function searchNftIds(db: Handle, organizationId: string, term: string, semantics: Semantics, p: PageRequest): Promise<IdsPage> {
  return page(db, nftRows(organizationId, term, semantics), p);
}

/** The (id, created_at) of every matching NFT: the query searchNftIds pages and counts. */
export function nftRows(organizationId: string, term: string, semantics: Semantics): SQL {
  return sql`select id, created_at from nfts where organization_id = ${organizationId} and ${nftMatch(term, semantics)}`;
}

/**
 * The condition on an `nfts` row: the term in its searched fields. `table` qualifies the columns
 * (a query that joins another table with a `name`: the A5 export joins smart_contracts); `form`:
 * terms.ts MatchForm.
 */
export function nftMatch(term: string, semantics: Semantics, table?: string, form: MatchForm = 'index'): SQL {
  const folded = foldTerm(term, semantics);
  const c = (column: string): SQL => (table ? sql`${sql.identifier(table)}.${sql.identifier(column)}` : sql`${sql.identifier(column)}`);
  return semantics === 'A'
    ? matchSql(folded, [a(c('name')), a(c('description'))], sql`cl2c_grams2(cl2c_ascii_lower(${c('name')}), cl2c_ascii_lower(${c('description')}))`, form)
    : matchSql(folded, [c('name_fold'), c('contract_name_fold')], sql`cl2c_grams2(${c('name_fold')}, ${c('contract_name_fold')})`, form);
}

/** Contracts (A1): name, symbol or description, LIKE semantics. */
export function searchContractIds(db: Handle, organizationId: string, term: string, p: PageRequest): Promise<IdsPage> {
  return page(db, contractRows(organizationId, term), p);
}

export function contractRows(organizationId: string, term: string): SQL {
  return sql`select id, created_at from smart_contracts where organization_id = ${organizationId} and ${contractMatch(term)}`;
}

/** The condition on a `smart_contracts` row. */
export function contractMatch(term: string): SQL {
  return matchSql(
    foldTerm(term, 'A'),
    [a(sql`name`), a(sql`symbol`), a(sql`description`)],
    sql`cl2c_grams3(cl2c_ascii_lower(name), cl2c_ascii_lower(symbol), cl2c_ascii_lower(description))`,
  );
}

/**
 * People (`users` aliased `u`) and invitations (aliased `i`) by e-mail, name, user name or
 * "first last" (an invitation: e-mail), LIKE semantics: for the activity search (lists/audit.ts),
 * whose terms have three or more characters — the trigram indexes users_search_a_trgm and
 * invitations_search_a_trgm narrow them. A9 searches member_list instead (memberMatch).
 */
export function personMatch(term: string): SQL {
  return containsAny(foldTerm(term, 'A'), [a(sql`u.email`), a(sql`u.name`), a(sql`u.user_name`), a(sql`u.first_name || ' ' || u.last_name`)]);
}

export function invitationMatch(term: string): SQL {
  return containsAny(foldTerm(term, 'A'), [a(sql`i.email`)]);
}

/**
 * Members and pending invitations (A9), LIKE semantics: a membership whose person's e-mail, name,
 * user name or "first last" holds the term; a PENDING invitation whose e-mail does. Ids are the
 * membership's or the invitation's, as A9 lists them (member_list).
 */
export function searchMemberIds(db: Handle, organizationId: string, term: string, p: PageRequest): Promise<IdsPage> {
  return page(db, memberRows(organizationId, term), p);
}

export function memberRows(organizationId: string, term: string): SQL {
  return sql`select ml.id, ml.created_at from member_list ml where ml.organization_id = ${organizationId} and ${memberMatch(term)}`;
}

/**
 * The condition on a `member_list` row aliased `ml` (`form`: terms.ts MatchForm). `ml.search` holds
 * the row's searched texts, ASCII-lowered and joined by line breaks (db/migrations-pg/0013_member_search.sql),
 * so it decides a term without a line break exactly: no such term spans two texts. A term with one
 * is narrowed by it and decided on the person's texts one by one (an invitation has one text).
 */
export function memberMatch(term: string, form: MatchForm = 'index'): SQL {
  const folded = foldTerm(term, 'A');
  const joined = matchSql(folded, [sql`ml.search`], sql`cl2c_grams(ml.search)`, form);
  if (!folded.includes('\n')) return joined;
  return sql`(${joined} and (ml.kind = 'invitation' or exists (select 1 from users u where u.id = ml.user_id and ${personMatch(term)})))`;
}
