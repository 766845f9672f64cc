import type { contractStatuses, copyrightStatuses, nftStatuses, tokenTypes, transferStatuses } from '@/db/enums';

/*
 * The list requests every engine's list module answers (issue 28): what the domain service parsed
 * from a query, engine-neutral. lib/storage/sqlite/lists/ and lib/storage/postgres/lists/ take the
 * same requests and must give the same answers (ids in the same order, the same exact total).
 */

/** What narrows an A1 list or export. */
export type ContractFilter = { search?: string | null; status?: (typeof contractStatuses)[number] };

/** One A1 page request (the parsed query). */
export type ContractPageRequest = ContractFilter & {
  sortBy: 'createdAt' | 'updatedAt' | 'name' | 'symbol' | 'status' | 'deployedAt';
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
};

/** What narrows an A5 list or export. */
export type NftFilter = {
  search?: string | null;
  status?: (typeof nftStatuses)[number];
  contractId?: string;
  copyrightStatus?: (typeof copyrightStatuses)[number];
};

/** One A5 page request (the parsed query). */
export type NftPageRequest = NftFilter & {
  sortBy: 'createdAt' | 'updatedAt' | 'name' | 'status' | 'mintedAt' | 'supply';
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
};

/** What narrows an A9 list or export. */
export type MemberFilter = { search?: string | null; status?: 'ACTIVE' | 'SUSPENDED' | 'PENDING'; hasWallet?: boolean };

/** One A9 page request (the parsed query). */
export type MemberPageRequest = MemberFilter & {
  sortBy: 'createdAt' | 'updatedAt' | 'email' | 'status';
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
};

/**
 * What narrows the activity list or its export. A search comes with what the domain resolved
 * from it: the action codes whose console name matches, and the record types an id may belong to.
 */
export type AuditFilter = {
  actor?: string;
  action?: string;
  entityType?: string;
  entityId?: string;
  /** First UTC day included, YYYY-MM-DD. */
  from?: string;
  /** Last UTC day included, YYYY-MM-DD. */
  to?: string;
  search?: { term: string; actions: string[]; entityTypes: string[] };
};

/** One page of the activity list: by created_at then id in `order`. */
export type AuditPageRequest = { page: number; limit: number; order: 'asc' | 'desc' };
/** One page request of the token-send history (the parsed query). */
export type TransferPageRequest = {
  search?: string | null;
  status?: (typeof transferStatuses)[number];
  tokenType?: (typeof tokenTypes)[number];
  sortOrder: 'asc' | 'desc';
  page: number;
  limit: number;
};
