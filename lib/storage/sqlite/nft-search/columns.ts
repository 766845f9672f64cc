import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import { nfts } from '@/db/schema';
import type { CompiledSearch, FilterNode, SearchFieldData } from '../../nft-search';
import { FOLD, registerFold } from '../functions';

export { FOLD };

/** How SQLite reads one field of B1's search item (lib/nft-search/fields.ts holds the field as data). */
export type FieldSql = {
  /** SQL over `nfts` alone (no join: the contract's name is read from its stored fold). */
  expr: SQL;
  /** The column of the `search_nfts` trigram index holding this (string) field. */
  fts?: string;
  /**
   * A stored, indexed column holding exactly `cl2c_fold(expr)` (kept by triggers): string sorts,
   * comparisons and substring tests read it instead of folding every row.
   */
  folded?: SQL;
};

/** A catalogue field with its SQL: what the SQLite compiler pieces of B1 read. */
export type SearchField = SearchFieldData & FieldSql;
export type SqlSearch = CompiledSearch<SearchField>;
export type SqlFilterNode = FilterNode<SearchField>;

const col = (c: SQL.Aliased | object) => sql`${c}`;

export const mintedExpr = sql`(${nfts.status} = 'MINTED')`;

const text = (expr: SQL, fts: string, extra: Partial<FieldSql> = {}): FieldSql => ({ expr, fts, ...extra });

/** Every field of the catalogue, by name: its expression, trigram column and stored fold. */
const fieldSql: Record<string, FieldSql> = {
  id: { expr: col(nfts.id) },
  name: text(col(nfts.name), 'name', { folded: col(nfts.nameFold) }),
  description: text(col(nfts.description), 'description'),
  externalUrl: text(col(nfts.externalUrl), 'external_url'),
  imagePath: text(col(nfts.imagePath), 'image_path'),
  smartContractId: { expr: col(nfts.smartContractId) },
  // The contract's name is NOT NULL; its JavaScript fold is denormalized onto the NFT.
  smartContractName: text(col(nfts.contractNameFold), 'contract_name', { folded: col(nfts.contractNameFold) }),
  status: { expr: col(nfts.status) },
  supply: { expr: col(nfts.supply) },
  minted: { expr: mintedExpr },
  mintedAt: { expr: col(nfts.mintedAt) },
  mintTransactionHash: text(col(nfts.mintTransactionHash), 'mint_transaction_hash'),
  mintLogs: text(col(nfts.mintLogs), 'mint_logs'),
  tokenId: { expr: col(nfts.tokenId) },
  tokenUri: text(col(nfts.tokenUri), 'token_uri'),
  tokenOwner: text(col(nfts.tokenOwner), 'token_owner'),
  copyrighted: { expr: col(nfts.copyrighted) },
  copyrightMetadata: text(col(nfts.copyrightMetadata), 'copyright_metadata'),
  copyrightedAt: { expr: col(nfts.copyrightedAt) },
  licence: text(col(nfts.licence), 'licence'),
  signature: text(col(nfts.signature), 'signature'),
  createdAt: { expr: col(nfts.createdAt) },
  updatedAt: { expr: col(nfts.updatedAt) },
};

/**
 * The search with each field joined to its SQL, once per request (one object per catalogue field,
 * so fields compare by identity as in the request). A field without SQL here is a programming error.
 */
export function bindSearch(search: CompiledSearch): SqlSearch {
  const bound = new Map<SearchFieldData, SearchField>();
  const bind = (f: SearchFieldData): SearchField => {
    let b = bound.get(f);
    if (!b) {
      const s = fieldSql[f.name];
      if (!s) throw new Error(`B1 field ${f.name} has no SQL (lib/storage/sqlite/nft-search/columns.ts)`);
      b = { ...f, ...s };
      bound.set(f, b);
    }
    return b;
  };
  const node = (n: FilterNode): SqlFilterNode =>
    n.kind === 'leaf' ? { ...n, field: bind(n.field) } : { ...n, filters: n.filters.map(node) };
  return {
    ...search,
    keywords: search.keywords.map((k) => ({ ...k, fields: k.fields.map(bind) })),
    keywordFields: search.keywordFields.map(bind),
    filter: search.filter ? node(search.filter) : null,
    orderBy: search.orderBy.map((k) => ({ ...k, field: bind(k.field) })),
  };
}

/** Registers `cl2c_fold(x)` on the connection once (lib/storage/sqlite/client.ts already does for its connections). */
export function ensureSearchFunctions(db: Db) {
  registerFold(db.$client);
}

export const fold = (expr: SQL) => sql`${sql.raw(FOLD)}(${expr})`;

/**
 * JavaScript's toLowerCase in plain SQL, exact whenever the other side of the comparison is
 * ASCII: the only non-ASCII characters JavaScript lowers to ASCII are U+0130 (İ → "i̇") and
 * U+212A (Kelvin sign → "k"); every other non-ASCII character stays non-ASCII under both, so it
 * can neither match nor order differently against ASCII text. No JavaScript call per row.
 */
export const asciiFold = (expr: SQL) => sql`lower(replace(replace(${expr}, 'İ', 'i̇'), 'K', 'k'))`;

export { isAsciiTerm as isAscii } from '../search/fts-count';

/** The field's value as text, the way the keyword search sees it. */
export function textOf(f: SearchField): SQL {
  switch (f.type) {
    case 'integer':
      return sql`cast(${f.expr} as text)`;
    case 'boolean':
      return sql`(case when ${f.expr} then 'true' else 'false' end)`;
    case 'date':
      // ISO 8601 with milliseconds, exactly like the JSON the API returns.
      return sql`(strftime('%Y-%m-%dT%H:%M:%S', ${f.expr} / 1000, 'unixepoch') || '.' || printf('%03d', ${f.expr} % 1000) || 'Z')`;
    default:
      return f.expr;
  }
}
