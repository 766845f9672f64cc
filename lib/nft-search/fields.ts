import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nftStatuses, nfts } from '@/db/schema';
import { FOLD, registerFold } from '@/lib/storage/sqlite/functions';

export { FOLD };

export type FieldType = 'string' | 'integer' | 'boolean' | 'date' | 'uuid' | 'enum';

export type SearchField = {
  /** Name as in the search item (matched case-insensitively). */
  name: string;
  type: FieldType;
  /** SQL over `nfts` alone (no join: the contract's name is read from its stored fold). */
  expr: SQL;
  /** Part of the plain `keyword` search (text, numbers, booleans, dates — not ids, not enums). */
  keyword: boolean;
  values?: readonly string[];
  /** The column of the `search_nfts` trigram index holding this (string) field. */
  fts?: string;
  /**
   * A stored, indexed column holding exactly `cl2c_fold(expr)` (kept by triggers): string sorts,
   * comparisons and substring tests read it instead of folding every row.
   */
  folded?: SQL;
  /** Never NULL: comparisons need no NULL guard, so SQLite can use an index for them. */
  notNull?: boolean;
};

const col = (c: SQL.Aliased | object) => sql`${c}`;

export const mintedExpr = sql`(${nfts.status} = 'MINTED')`;

const text = (name: string, expr: SQL, fts: string, extra: Partial<SearchField> = {}) => field(name, 'string', expr, { fts, ...extra });

const field = (name: string, type: FieldType, expr: SQL, extra: Partial<SearchField> = {}): SearchField => ({
  name,
  type,
  expr,
  keyword: type !== 'uuid' && type !== 'enum',
  ...extra,
});

const notNull = { notNull: true };

/**
 * The allow-list of B1: every field of the search item, plus the entity fields `status`,
 * `supply`, `mintedAt`, `createdAt` and `updatedAt` (the .NET boilerplate filters the entity).
 * Nothing outside this list ever reaches SQL. `copyrighted` is the stored, trigger-kept column.
 */
export const searchFields: readonly SearchField[] = [
  field('id', 'uuid', col(nfts.id), notNull),
  text('name', col(nfts.name), 'name', { folded: col(nfts.nameFold), notNull: true }),
  text('description', col(nfts.description), 'description'),
  text('externalUrl', col(nfts.externalUrl), 'external_url'),
  text('imagePath', col(nfts.imagePath), 'image_path'),
  field('smartContractId', 'uuid', col(nfts.smartContractId), notNull),
  // The contract's name is NOT NULL; its JavaScript fold is denormalized onto the NFT.
  text('smartContractName', col(nfts.contractNameFold), 'contract_name', { folded: col(nfts.contractNameFold), notNull: true }),
  field('status', 'enum', col(nfts.status), { values: nftStatuses, notNull: true }),
  field('supply', 'integer', col(nfts.supply), notNull),
  field('minted', 'boolean', mintedExpr, notNull),
  field('mintedAt', 'date', col(nfts.mintedAt)),
  text('mintTransactionHash', col(nfts.mintTransactionHash), 'mint_transaction_hash'),
  text('mintLogs', col(nfts.mintLogs), 'mint_logs'),
  field('tokenId', 'integer', col(nfts.tokenId)),
  text('tokenUri', col(nfts.tokenUri), 'token_uri'),
  text('tokenOwner', col(nfts.tokenOwner), 'token_owner'),
  field('copyrighted', 'boolean', col(nfts.copyrighted), notNull),
  text('copyrightMetadata', col(nfts.copyrightMetadata), 'copyright_metadata'),
  field('copyrightedAt', 'date', col(nfts.copyrightedAt)),
  text('licence', col(nfts.licence), 'licence'),
  text('signature', col(nfts.signature), 'signature'),
  field('createdAt', 'date', col(nfts.createdAt), notNull),
  field('updatedAt', 'date', col(nfts.updatedAt), notNull),
];

const byLowerName = new Map(searchFields.map((f) => [f.name.toLowerCase(), f]));

export function findSearchField(name: string): SearchField | undefined {
  return byLowerName.get(name.trim().toLowerCase());
}

export const searchFieldNames = searchFields.map((f) => f.name);

/** Registers `cl2c_fold(x)` on the connection once (db/client.ts already does for its connections). */
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

export { isAsciiTerm as isAscii } from '@/lib/storage/sqlite/search/fts-count';

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
