import { nftStatuses } from '@/db/enums';
import type { FieldType, SearchFieldData } from '@/lib/storage/nft-search';

export type { FieldType };

/** A field of the search item, as data; each engine holds its SQL (lib/storage/sqlite/nft-search/columns.ts). */
export type SearchField = SearchFieldData;

const field = (name: string, type: FieldType, extra: Partial<SearchField> = {}): SearchField => ({
  name,
  type,
  keyword: type !== 'uuid' && type !== 'enum',
  ...extra,
});

const text = (name: string, extra: Partial<SearchField> = {}) => field(name, 'string', extra);

const notNull = { notNull: true };

/**
 * The allow-list of B1: every field of the search item, plus the entity fields `status`,
 * `supply`, `mintedAt`, `createdAt` and `updatedAt` (the .NET boilerplate filters the entity).
 * Nothing outside this list ever reaches SQL. `copyrighted` is the stored, trigger-kept column.
 */
export const searchFields: readonly SearchField[] = [
  field('id', 'uuid', notNull),
  text('name', notNull),
  text('description'),
  text('externalUrl'),
  text('imagePath'),
  field('smartContractId', 'uuid', notNull),
  // The contract's name is NOT NULL (its fold is denormalized onto the NFT).
  text('smartContractName', notNull),
  field('status', 'enum', { values: nftStatuses, notNull: true }),
  field('supply', 'integer', notNull),
  field('minted', 'boolean', notNull),
  field('mintedAt', 'date'),
  text('mintTransactionHash'),
  text('mintLogs'),
  field('tokenId', 'integer'),
  text('tokenUri'),
  text('tokenOwner'),
  field('copyrighted', 'boolean', notNull),
  text('copyrightMetadata'),
  field('copyrightedAt', 'date'),
  text('licence'),
  text('signature'),
  field('createdAt', 'date', notNull),
  field('updatedAt', 'date', notNull),
];

const byLowerName = new Map(searchFields.map((f) => [f.name.toLowerCase(), f]));

export function findSearchField(name: string): SearchField | undefined {
  return byLowerName.get(name.trim().toLowerCase());
}

export const searchFieldNames = searchFields.map((f) => f.name);
