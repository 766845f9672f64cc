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
};

const col = (c: SQL.Aliased | object) => sql`${c}`;

/** True when the NFT has at least one copyright share and every share is AUTHORIZED (DESIGN §2). */
export const copyrightedExpr = sql`(exists (select 1 from "copyright_shares" as "cs" where "cs"."nft_id" = "nfts"."id")
  and not exists (select 1 from "copyright_shares" as "cs" where "cs"."nft_id" = "nfts"."id" and "cs"."status" <> 'AUTHORIZED'))`;
export const mintedExpr = sql`(${nfts.status} = 'MINTED')`;

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
  field('name', 'string', col(nfts.name)),
  field('description', 'string', col(nfts.description)),
  field('externalUrl', 'string', col(nfts.externalUrl)),
  field('imagePath', 'string', col(nfts.imagePath)),
  field('smartContractId', 'uuid', col(nfts.smartContractId)),
  field('smartContractName', 'string', col(smartContracts.name)),
  field('status', 'enum', col(nfts.status), { values: nftStatuses }),
  field('supply', 'integer', col(nfts.supply)),
  field('minted', 'boolean', mintedExpr),
  field('mintedAt', 'date', col(nfts.mintedAt)),
  field('mintTransactionHash', 'string', col(nfts.mintTransactionHash)),
  field('mintLogs', 'string', col(nfts.mintLogs)),
  field('tokenId', 'integer', col(nfts.tokenId)),
  field('tokenUri', 'string', col(nfts.tokenUri)),
  field('tokenOwner', 'string', col(nfts.tokenOwner)),
  field('copyrighted', 'boolean', copyrightedExpr),
  field('copyrightMetadata', 'string', col(nfts.copyrightMetadata)),
  field('copyrightedAt', 'date', col(nfts.copyrightedAt)),
  field('licence', 'string', col(nfts.licence)),
  field('signature', 'string', col(nfts.signature)),
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
