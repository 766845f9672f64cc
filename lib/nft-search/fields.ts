import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { nftStatuses, nfts, smartContracts } from '@/db/schema';

export type FieldType = 'string' | 'integer' | 'boolean' | 'date' | 'uuid' | 'enum';

export type SearchField = {
  /** Name as in the search item (matched case-insensitively). */
  name: string;
  type: FieldType;
  /** SQL over `nfts` joined with `smart_contracts`. */
  expr: SQL;
  /** Part of the plain `keyword` search (text, numbers, booleans, dates — not ids, not enums). */
  keyword: boolean;
  values?: readonly string[];
  /** The column of the `search_nfts` trigram index holding this (string) field. */
  fts?: string;
};

const col = (c: SQL.Aliased | object) => sql`${c}`;

/** True when the NFT has at least one copyright share and every share is AUTHORIZED (DESIGN §2). */
export const copyrightedExpr = sql`(exists (select 1 from "copyright_shares" as "cs" where "cs"."nft_id" = "nfts"."id")
  and not exists (select 1 from "copyright_shares" as "cs" where "cs"."nft_id" = "nfts"."id" and "cs"."status" <> 'AUTHORIZED'))`;
export const mintedExpr = sql`(${nfts.status} = 'MINTED')`;

const text = (name: string, expr: SQL, fts: string) => field(name, 'string', expr, { fts });

const field = (name: string, type: FieldType, expr: SQL, extra: Partial<SearchField> = {}): SearchField => ({
  name,
  type,
  expr,
  keyword: type !== 'uuid' && type !== 'enum',
  ...extra,
});

/**
 * The allow-list of B1: every field of the search item, plus the entity fields `status`,
 * `supply`, `mintedAt`, `createdAt` and `updatedAt` (the .NET boilerplate filters the entity).
 * Nothing outside this list ever reaches SQL.
 */
export const searchFields: readonly SearchField[] = [
  field('id', 'uuid', col(nfts.id)),
  text('name', col(nfts.name), 'name'),
  text('description', col(nfts.description), 'description'),
  text('externalUrl', col(nfts.externalUrl), 'external_url'),
  text('imagePath', col(nfts.imagePath), 'image_path'),
  field('smartContractId', 'uuid', col(nfts.smartContractId)),
  text('smartContractName', col(smartContracts.name), 'contract_name'),
  field('status', 'enum', col(nfts.status), { values: nftStatuses }),
  field('supply', 'integer', col(nfts.supply)),
  field('minted', 'boolean', mintedExpr),
  field('mintedAt', 'date', col(nfts.mintedAt)),
  text('mintTransactionHash', col(nfts.mintTransactionHash), 'mint_transaction_hash'),
  text('mintLogs', col(nfts.mintLogs), 'mint_logs'),
  field('tokenId', 'integer', col(nfts.tokenId)),
  text('tokenUri', col(nfts.tokenUri), 'token_uri'),
  text('tokenOwner', col(nfts.tokenOwner), 'token_owner'),
  field('copyrighted', 'boolean', copyrightedExpr),
  text('copyrightMetadata', col(nfts.copyrightMetadata), 'copyright_metadata'),
  field('copyrightedAt', 'date', col(nfts.copyrightedAt)),
  text('licence', col(nfts.licence), 'licence'),
  text('signature', col(nfts.signature), 'signature'),
  field('createdAt', 'date', col(nfts.createdAt)),
  field('updatedAt', 'date', col(nfts.updatedAt)),
];

const byLowerName = new Map(searchFields.map((f) => [f.name.toLowerCase(), f]));

export function findSearchField(name: string): SearchField | undefined {
  return byLowerName.get(name.trim().toLowerCase());
}

export const searchFieldNames = searchFields.map((f) => f.name);

/** Name of the SQL function that folds case the way JavaScript does (SQLite's lower() is ASCII-only). */
export const FOLD = 'cl2c_fold';

const registered = new WeakSet<object>();

/** Registers `cl2c_fold(x)` on the connection once; Unicode-aware, NULL stays NULL. */
export function ensureSearchFunctions(db: Db) {
  const client = db.$client;
  if (registered.has(client)) return;
  client.function(FOLD, { deterministic: true }, (value: string | number | bigint | Buffer | null) =>
    value === null ? null : String(value).toLowerCase(),
  );
  registered.add(client);
}

export const fold = (expr: SQL) => sql`${sql.raw(FOLD)}(${expr})`;

/**
 * JavaScript's toLowerCase in plain SQL, exact whenever the other side of the comparison is
 * ASCII: the only non-ASCII characters JavaScript lowers to ASCII are U+0130 (İ → "i̇") and
 * U+212A (Kelvin sign → "k"); every other non-ASCII character stays non-ASCII under both, so it
 * can neither match nor order differently against ASCII text. No JavaScript call per row.
 */
export const asciiFold = (expr: SQL) => sql`lower(replace(replace(${expr}, 'İ', 'i̇'), 'K', 'k'))`;

export const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

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
