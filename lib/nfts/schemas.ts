import { z } from 'zod';
import { chainFactsView } from '@/lib/chain/schemas';
import { copyrightStatuses, nftStatuses, shareStatuses } from '@/db/enums';
import { licenceId } from '@/lib/copyright/licences';
import { limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';
import { isoDateTime, jsonObject } from '@/lib/shared/schemas';
import { toHundredths } from './hundredths';

export const nftSortFields = ['createdAt', 'updatedAt', 'name', 'status', 'mintedAt', 'supply'] as const;
export const nftStatus = z.enum(nftStatuses);

/** A5 query. */
export const listNftsQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  status: nftStatus.optional().meta({ description: 'Only NFTs in this status.' }),
  // Contract ids are UUIDs: anything else is a client mistake (400 naming the field), not an empty list.
  contractId: z.string().trim().pipe(z.uuid('must be a contract id (UUID)')).optional().meta({ description: 'Only NFTs of this smart contract (id).' }),
  /** Extension (lib/copyright): NONE, AWAITING (someone still has to answer), REJECTED, COPYRIGHTED. */
  copyrightStatus: z.enum(copyrightStatuses).optional().meta({ description: 'Extension: only NFTs whose copyright split is in this state (NONE: no shares; AWAITING: a holder has still to answer; REJECTED; COPYRIGHTED: every share authorized).' }),
  sortBy: sortByParam(nftSortFields),
  sortOrder: sortOrderParam,
});
export type ListNftsQuery = z.output<typeof listNftsQuery>;

/** The NFTs' CSV export: the list's filters and search, every row (no page). */
export const exportNftsQuery = listNftsQuery.omit({ page: true, limit: true });

const name = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const description = z.string().max(5000, 'must be at most 5000 characters');
/** http(s) or ipfs URI: it is shown as a link, so script-capable schemes are refused. */
export const externalUrl = z
  .url({ protocol: /^(https?|ipfs)$/, message: 'must be an absolute http(s) or ipfs URI' })
  .max(2000, 'must be at most 2000 characters');
const supply = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(1_000_000_000, 'must be at most 1000000000');

/** A percentage > 0 and ≤ 100 with at most two decimals. */
export const percentage = z
  .number({ message: 'must be a number' })
  .gt(0, 'must be greater than 0')
  .lte(100, 'must be at most 100')
  .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'must have at most 2 decimals');

export const copyrightEntryInput = z.strictObject({
  userId: z.string().trim().min(1, 'is required').max(100),
  percentage,
});

export { toHundredths };

/**
 * The list rules of DESIGN §3: no duplicate userIds, and a non-empty list sums to exactly 100.
 * Shared by the API schema and the console's split editor.
 */
export const copyrightList = z.array(copyrightEntryInput).max(100, 'must have at most 100 entries').superRefine((list, ctx) => {
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    const first = seen.get(entry.userId);
    if (first !== undefined) {
      ctx.addIssue({ code: 'custom', path: [i, 'userId'], message: `duplicates copyright[${first}].userId (${entry.userId})` });
    } else seen.set(entry.userId, i);
  });
  if (list.length > 0) {
    const total = list.reduce((sum, e) => sum + toHundredths(e.percentage), 0);
    if (total !== 10_000) {
      ctx.addIssue({ code: 'custom', path: [], message: `percentages must add up to exactly 100 (they add up to ${total / 100})` });
    }
  }
});

/** imagePath of rule 1: ipfs:// URI, data URI, raw base64, http(s) URL or local path. */
export const imagePathInput = z.string().trim().min(1, 'must not be empty');

/** A6 body (also the console's create form). */
export const createNftBody = z.strictObject({
  name,
  smartContractId: z.string().trim().min(1, 'is required').max(100),
  description: description.optional(),
  externalUrl: externalUrl.optional(),
  imagePath: imagePathInput.optional(),
  metadata: jsonObject.optional(),
  supply: supply.default(1),
  copyright: copyrightList.default([]),
  /** Extension: the licence the holders are asked to agree to (default ALL-RIGHTS-RESERVED when there are holders). */
  licence: licenceId.optional(),
});
export type CreateNftBody = z.output<typeof createNftBody>;
export type CreateNftInput = z.input<typeof createNftBody>;

/** A7 body: `id` is required (DESIGN §3). */
export const updateNftStatusBody = z.strictObject({
  id: z.string({ message: 'is required' }).trim().min(1, 'is required'),
  name: name.optional(),
  description: description.optional(),
  status: nftStatus.optional(),
  mintedAt: isoDateTime.optional(),
});
export type UpdateNftStatusBody = z.output<typeof updateNftStatusBody>;
export type UpdateNftStatusInput = z.input<typeof updateNftStatusBody>;

/** A8 body (path id). */
export const updateNftBody = z.strictObject({
  name: name.optional(),
  description: description.optional(),
  externalUrl: externalUrl.optional(),
  supply: supply.optional(),
  metadata: jsonObject.optional(),
  /** Extension: replaces the split and starts a new round of requests (409 once MINTED). */
  copyright: copyrightList.optional(),
  /** Extension: changes the licence offered and starts a new round of requests (409 once MINTED). */
  licence: licenceId.optional(),
});
export type UpdateNftBody = z.output<typeof updateNftBody>;
export type UpdateNftInput = z.input<typeof updateNftBody>;

/** Member picker query (GET /cl2c/nft/holders). */
export const listHoldersQuery = z.strictObject({
  search: searchParam,
  limit: limitParam,
});
export type ListHoldersQuery = z.output<typeof listHoldersQuery>;

/* ---- Response shapes (documentation and console typing) ---- */

export const nftSmartContract = z.object({
  id: z.string(),
  name: z.string(),
  symbol: z.string(),
  contractAddress: z.string().nullable(),
  status: z.string(),
  network: z.string(),
  env: z.string(),
});

export const nftView = z
  .object({
    id: z.string(),
    status: nftStatus,
    name: z.string(),
    description: z.string().nullable(),
    externalUrl: z.string().nullable(),
    imagePath: z.string().nullable(),
    supply: z.number().int(),
    mintedAt: z.string().datetime().nullable(),
    tokenId: z.number().int().nullable().describe('Extension: assigned by the contract (its Minted event) when MINTED; null before.'),
    createdAt: z.string().datetime().describe('Extension: when the record was created.'),
    smartContract: nftSmartContract,
    copyrightStatus: z
      .enum(copyrightStatuses)
      .describe('Extension: NONE (no holders), AWAITING (someone has not answered), REJECTED (a holder rejected), COPYRIGHTED (all authorized).'),
    licence: z
      .string()
      .nullable()
      .describe('Extension: the licence identifier offered to the holders (agreed once COPYRIGHTED), e.g. CC-BY-4.0.'),
  })
  .meta({ id: 'Nft' });

export const copyrightEntryView = z
  .object({
    id: z.string(),
    userId: z.string(),
    status: z.enum(shareStatuses),
    percentage: z.number(),
    email: z.string(),
    copyAuthLocation: z.string().nullable(),
    copyAuthTimestamp: z.string().datetime().nullable(),
    walletAddress: z.array(z.object({ address: z.string(), isPrimary: z.boolean() })),
    userName: z.string().nullable(),
    userImage: z.string().nullable(),
  })
  .meta({ id: 'CopyrightEntry' });

export const nftCreatedView = nftView
  .extend({
    metadata: z.record(z.string(), z.unknown()).meta({ description: 'Free-form; `{}` when none was given (never null).' }),
    copyright: z.array(copyrightEntryView),
    totalOwners: z.number().int(),
  })
  .meta({ id: 'NftWithCopyright' });

export const nftDetailView = nftCreatedView
  .extend({
    tokenUri: z.string().nullable(),
    metadataUri: z.string().nullable(),
    tokenId: z.number().int().nullable().describe('Assigned by the contract (its Minted event) when MINTED.'),
    tokenOwner: z.string().nullable().describe('Who received the minted supply: the organization’s wallet.'),
    mintTransactionHash: z.string().nullable().describe('Set as soon as the service signs the mint.'),
    mintLogs: z.string().nullable().describe('JSON: the receipt logs once MINTED, or {"error": reason} when the mint FAILED.'),
    mintBlockedBy: z.string().nullable().describe('Why POST /nft/{id}/mint would be refused now; null when it is available.'),
    chainTransaction: chainFactsView.nullable().meta({ description: 'The latest mint on chain; null when never minted here.' }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .meta({ id: 'NftDetail' });

export const holderView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  userName: z.string().nullable(),
  walletAddress: z.string().nullable(),
});

export const nftMetadataJson = z
  .object({
    name: z.string(),
    description: z.string(),
    image: z.string().optional(),
    external_url: z.string().optional(),
    attributes: z.array(z.unknown()),
  })
  .meta({ id: 'NftMetadataJson' });

/** DELETE /cl2c/nft/{id} response (mirrors A4's). */
export const deleteNftResponse = z.object({
  message: z.string(),
  deletedNft: z.object({ id: z.string(), name: z.string() }),
});
