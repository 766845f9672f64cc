import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { chainFactsFor } from '@/lib/chain/facts';
import type { ChainFactsView } from '@/lib/chain/schemas';
import type { Db } from '@/db/client';
import { copyrightShares, nfts, smartContracts, userOrganizations, users, wallets, type Nft } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import type { ChainClient } from '@/lib/chain';
import { assertNftManualStatus } from '@/lib/chain/manual-status';
import { preparedQuery } from '@/lib/db/prepared';
import { groupedTransaction } from '@/lib/db/commit-group';
import { mintBlocker, mintIfReady } from './mint';
import { pageIndex } from './list-plan';
import { cachedCount } from '@/lib/storage/sqlite/search/count-cache';
import { isAsciiTerm, organizationFtsCount } from '@/lib/storage/sqlite/search/fts-count';
import { readCounter } from '@/lib/storage/sqlite/search/counters';
import { columnMatch, ftsPhrase, isCommon, matchRowids } from '@/lib/storage/sqlite/search/fts';
import { shortTermToken } from '@/lib/storage/sqlite/grams';
import { inPageOrder } from '@/lib/storage/lists';
import { anchoredPageIds, boundedPageIds, type AnchoredQuery } from '@/lib/storage/sqlite/search/paging';
import { addContent, getContent, parseCid } from '@/lib/content-store/store';
import { env } from '@/lib/env';
import { changesSplit, replaceSplit, type SplitChange } from '@/lib/copyright/edit';
import { DEFAULT_LICENCE } from '@/lib/copyright/licences';
import { startRound } from '@/lib/copyright/split';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { kickMailWorker } from '@/lib/mail/worker';
import type { Actor } from '@/lib/http/actor';
import { recordEvent } from '@/lib/webhooks/emit';
import { manualStatusEvents } from '@/lib/webhooks/events';
import { envelope } from '@/lib/http/query';
import { likePattern } from '@/lib/storage/like';
import { ingestImage, type IngestOptions } from '@/lib/images/ingest';
import { assertActiveMembers, loadCopyright, type CopyrightEntry } from './copyright';
import { buildMetadataJson, metadataBytes, type NftMetadataJson } from './metadata';
import type { CreateNftBody, ListHoldersQuery, ListNftsQuery, UpdateNftBody, UpdateNftStatusBody } from './schemas';

type Reader = Pick<Db, 'select'>;

export type NftView = {
  id: string;
  status: Nft['status'];
  name: string;
  description: string | null;
  externalUrl: string | null;
  imagePath: string | null;
  supply: number;
  mintedAt: Date | null;
  tokenId: number | null;
  createdAt: Date;
  copyrightStatus: Nft['copyrightStatus'];
  licence: string | null;
  smartContract: {
    id: string;
    name: string;
    symbol: string;
    contractAddress: string | null;
    status: string;
    network: string;
    env: string;
  };
};

export type NftCreatedView = NftView & {
  /** Never null: `{}` when the NFT was created without metadata. */
  metadata: Record<string, unknown>;
  copyright: CopyrightEntry[];
  totalOwners: number;
};

export type NftDetailView = NftCreatedView & {
  tokenUri: string | null;
  metadataUri: string | null;
  tokenId: number | null;
  tokenOwner: string | null;
  mintTransactionHash: string | null;
  mintLogs: string | null;
  /** Why the NFT cannot be minted now (null: the Mint action is available). */
  mintBlockedBy: string | null;
  /** The latest mint on chain (hashes tried, receipt, history). */
  chainTransaction: ChainFactsView | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Dependencies of image ingestion (tests inject DNS and transport; production uses defaults). */
export type NftDeps = { image?: IngestOptions; chain?: ChainClient };

const rowColumns = {
  id: nfts.id,
  status: nfts.status,
  name: nfts.name,
  description: nfts.description,
  externalUrl: nfts.externalUrl,
  imagePath: nfts.imagePath,
  supply: nfts.supply,
  mintedAt: nfts.mintedAt,
  copyrightStatus: nfts.copyrightStatus,
  licenceOffered: nfts.licenceOffered,
  licence: nfts.licence,
  metadata: nfts.metadata,
  tokenUri: nfts.tokenUri,
  metadataUri: nfts.metadataUri,
  tokenId: nfts.tokenId,
  tokenOwner: nfts.tokenOwner,
  mintTransactionHash: nfts.mintTransactionHash,
  mintLogs: nfts.mintLogs,
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
  contractId: smartContracts.id,
  contractName: smartContracts.name,
  contractSymbol: smartContracts.symbol,
  contractAddress: smartContracts.contractAddress,
  contractStatus: smartContracts.status,
  contractNetwork: smartContracts.network,
  contractEnv: smartContracts.env,
};

function toView(r: Row): NftView {
  return {
    id: r.id,
    status: r.status,
    name: r.name,
    description: r.description,
    externalUrl: r.externalUrl,
    imagePath: r.imagePath,
    supply: r.supply,
    mintedAt: r.mintedAt,
    tokenId: r.tokenId,
    createdAt: r.createdAt,
    copyrightStatus: r.copyrightStatus,
    licence: r.licenceOffered ?? r.licence,
    smartContract: {
      id: r.contractId,
      name: r.contractName,
      symbol: r.contractSymbol,
      contractAddress: r.contractAddress,
      status: r.contractStatus,
      network: r.contractNetwork,
      env: r.contractEnv,
    },
  };
}

function loadRows(db: Reader, where: SQL) {
  return db.select(rowColumns).from(nfts).innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId)).where(where).all();
}
type Row = ReturnType<typeof loadRows>[number];

/** One NFT of the organization with its contract (A6, A7, A8 and every write answer: prepared). */
const rowById = preparedQuery((db: Reader) =>
  db
    .select(rowColumns)
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, sql.placeholder('id')), eq(nfts.organizationId, sql.placeholder('organizationId'))))
    .prepare(),
);

function loadRow(db: Reader, organizationId: string, id: string): Row {
  const row = rowById(db).get({ id, organizationId });
  if (!row) throw new NotFoundError('NFT');
  return row;
}

const sortColumns = {
  createdAt: nfts.createdAt,
  updatedAt: nfts.updatedAt,
  name: nfts.name,
  status: nfts.status,
  mintedAt: nfts.mintedAt,
  supply: nfts.supply,
} as const;

/**
 * A5: one page of the organization's NFTs, with the applied filters echoed. Totals: counters for
 * no filter or a status filter, the contract's stored NFT count for a contract filter, otherwise
 * an exact count (cached per write generation). Search narrows through the trigram index (terms of
 * one or two characters: the short-term index), then the original LIKE decides. The page is a
 * deferred join over an (organization[, filter], sort, id) index.
 */
export function listNfts(db: Db, organizationId: string, q: ListNftsQuery) {
  const conditions: SQL[] = [eq(nfts.organizationId, organizationId)];
  if (q.status) conditions.push(eq(nfts.status, q.status));
  if (q.contractId) conditions.push(eq(nfts.smartContractId, q.contractId));
  if (q.copyrightStatus) conditions.push(eq(nfts.copyrightStatus, q.copyrightStatus));
  // A rare term's candidates come from its index (trigrams; one- and two-character terms: the
  // short-term index) and are looked up by rowid (NOT INDEXED: no index walk); a common term walks
  // the sort index instead and stops when the page is full. The LIKE decides either way.
  let from = sql`${nfts} indexed by ${sql.identifier(pageIndex(q))}`;
  // The rows the page index ranges over before the search: what a bounded walk counts.
  const base = and(...conditions);
  let counted: SQL | undefined = base;
  let countFrom = sql`${nfts}`;
  let walksCommonTerm = false;
  const index = q.search ? termIndex(q.search) : null;
  if (q.search) {
    const pattern = likePattern(q.search);
    const like = or(sql`${nfts.name} like ${pattern} escape '\\'`, sql`${nfts.description} like ${pattern} escape '\\'`)!;
    const match = index ? matchRowids(sql`"nfts"."rowid"`, index.table, index.expr) : null;
    conditions.push(like);
    counted = and(...conditions, ...(match ? [match] : []));
    if (match) countFrom = sql`${nfts} not indexed`;
    if (match && !isCommon(db, index!.table, index!.expr)) {
      conditions.push(match);
      from = countFrom;
    } else walksCommonTerm = !!match;
  }
  const total = listTotal(db, organizationId, q, index, countFrom, counted);
  const page: AnchoredQuery = {
    organizationId,
    key: `nfts|${JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus])}|${q.sortBy}`,
    from,
    id: sql`${nfts.id}`,
    where: and(...conditions),
    sort: sql`${sortColumns[q.sortBy]}`,
    direction: q.sortOrder,
    total,
    page: q.page,
    limit: q.limit,
  };
  // A common term's matches may all sit far along the order (a word the names begin with, sorted
  // by name): its walk is bounded, and a page not full within the bound is read off the term's
  // candidates (as a rare term's is). mintedAt is NULL-able: walked as before.
  const ids =
    (walksCommonTerm && q.sortBy !== 'mintedAt' ? boundedPageIds(db, page, base) : anchoredPageIds(db, page)) ??
    anchoredPageIds(db, { ...page, from: countFrom, where: counted });
  const rows = ids.length ? loadRows(db, inArray(nfts.id, ids)) : [];
  const data = inPageOrder(ids, rows).map(toView);
  return envelope(data, { page: q.page, limit: q.limit, total }, {
    search: q.search,
    status: q.status ?? null,
    contractId: q.contractId ?? null,
    copyrightStatus: q.copyrightStatus ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  });
}

function listTotal(db: Db, organizationId: string, q: ListNftsQuery, index: TermIndex | null, from: SQL, where: SQL | undefined): number {
  if (!q.search && !q.contractId && !q.copyrightStatus) return readCounter(db, organizationId, q.status ? `nfts:status:${q.status}` : 'nfts');
  if (!q.search && !q.status && !q.copyrightStatus && q.contractId) {
    const contract = db
      .select({ n: smartContracts.totalNfts })
      .from(smartContracts)
      .where(and(eq(smartContracts.id, q.contractId), eq(smartContracts.organizationId, organizationId)))
      .get();
    return contract?.n ?? 0;
  }
  return cachedCount(db, organizationId, `nfts:${JSON.stringify([q.search, q.status, q.contractId, q.copyrightStatus])}`, () => {
    // A search alone: the short-term index decides LIKE exactly for any one- or two-character
    // term, the trigram index for an ASCII term (lib/storage/sqlite/search/fts-count.ts).
    const alone = !q.status && !q.contractId && !q.copyrightStatus;
    const exact = alone && index && (index.table === 'search_nfts_short' || isAsciiTerm(q.search!));
    const fromIndex = exact ? organizationFtsCount(db, organizationId, index.expr, index.table) : null;
    return fromIndex ?? db.get<{ n: number }>(sql`select count(*) as "n" from ${from} where ${where}`)?.n ?? 0;
  });
}

/**
 * The index that finds every NFT whose name or description holds `term` (a superset of LIKE's
 * matches): the trigram index for three characters or more, the short-term index for one or two
 * (lib/storage/sqlite/grams.ts).
 */
export type TermIndex = { table: 'search_nfts' | 'search_nfts_short'; expr: string };

export function termIndex(term: string): TermIndex | null {
  const phrase = ftsPhrase(term, 'A');
  if (phrase) return { table: 'search_nfts', expr: columnMatch(['name', 'description'], phrase) };
  const token = shortTermToken(term);
  return token ? { table: 'search_nfts_short', expr: `"${token}"` } : null;
}

function withCopyright(db: Reader, row: Row): NftCreatedView {
  const copyright = loadCopyright(db, [row.id]).get(row.id) ?? [];
  return { ...toView(row), metadata: row.metadata ?? {}, copyright, totalOwners: copyright.length };
}

/** Detail for the console: the create shape plus token/metadata URIs and timestamps. */
export function getNft(db: Db, organizationId: string, id: string): NftDetailView {
  const row = loadRow(db, organizationId, id);
  return {
    ...withCopyright(db, row),
    tokenUri: row.tokenUri,
    metadataUri: row.metadataUri,
    tokenId: row.tokenId,
    tokenOwner: row.tokenOwner,
    mintTransactionHash: row.mintTransactionHash,
    mintLogs: row.mintLogs,
    mintBlockedBy: mintBlocker(db, organizationId, id),
    chainTransaction: chainFactsFor(db, id),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function assertContract(db: Reader, organizationId: string, contractId: string) {
  const found = db
    .select({ id: smartContracts.id })
    .from(smartContracts)
    .where(and(eq(smartContracts.id, contractId), eq(smartContracts.organizationId, organizationId)))
    .get();
  if (!found) throw new NotFoundError('Smart contract');
}

/** Where a traceability-only NFT's metadata JSON is served (no content store involved). */
export function metadataUrl(nftId: string): string {
  return `${env().APP_URL.replace(/\/$/, '')}/api/v1/cl2c/nft/${nftId}/metadata`;
}

/**
 * Stores the metadata JSON of an NFT with an image in the content store; a traceability-only
 * NFT keeps its JSON on the record (served by the metadata route) and touches no content store.
 */
async function publishMetadata(nftId: string, source: Parameters<typeof buildMetadataJson>[0]) {
  if (!source.imagePath) return { metadataUri: metadataUrl(nftId) };
  const stored = await addContent(metadataBytes(buildMetadataJson(source)), 'application/json');
  return { metadataUri: `ipfs://${stored.cid}` };
}

/**
 * A6. Cheap checks first (contract, copyright holders), then the image is read and stored
 * (network/disk I/O outside any transaction), then one transaction writes the NFT, its shares
 * and the audit event — re-checking the contract and holders, which may have changed meanwhile.
 */
export async function createNft(db: Db, actor: Actor, input: CreateNftBody, deps: NftDeps = {}): Promise<NftCreatedView> {
  const organizationId = actor.organizationId;
  let imagePath: string | null = null;
  let imageSource: string | null = null;
  if (input.imagePath) {
    // Before the image is fetched and stored: a request that will be refused costs no I/O.
    assertContract(db, organizationId, input.smartContractId);
    assertActiveMembers(db, organizationId, input.copyright);
    const image = await ingestImage(input.imagePath, deps.image);
    if (image.kind === 'ipfs') {
      imagePath = image.uri;
      imageSource = 'ipfs';
    } else {
      const stored = await addContent(image.bytes, image.contentType);
      imagePath = `ipfs://${stored.cid}`;
      imageSource = image.source;
    }
  }

  const id = crypto.randomUUID();
  const source = {
    name: input.name,
    description: input.description ?? null,
    externalUrl: input.externalUrl ?? null,
    imagePath,
    metadata: input.metadata ?? null,
  };
  const { metadataUri } = await publishMetadata(id, source);
  const licenceOffered = input.licence ?? (input.copyright.length ? DEFAULT_LICENCE : null);

  await groupedTransaction(db, (tx) => {
    assertContract(tx, organizationId, input.smartContractId);
    assertActiveMembers(tx, organizationId, input.copyright);
    tx.insert(nfts)
      .values({
        id,
        organizationId,
        smartContractId: input.smartContractId,
        ...source,
        supply: input.supply,
        status: 'CREATED',
        metadataUri,
        tokenUri: metadataUri,
        licenceOffered,
        // Without holders the split is settled at once (what refreshCopyrightStatus would set):
        // no round to start, and no second write of the row.
        ...(input.copyright.length ? {} : { copyrightStatus: 'NONE' as const, licence: licenceOffered }),
      })
      .run();
    if (input.copyright.length) {
      tx.insert(copyrightShares)
        .values(input.copyright.map((c) => ({ nftId: id, userId: c.userId, percentage: c.percentage, status: 'PENDING' as const })))
        .run();
      // Same transaction as the shares: the split's status, and one request mail per holder.
      startRound(tx, id, new Date());
    }
    recordAudit(tx, actor, {
      action: 'nft.create',
      entityType: 'nft',
      entityId: id,
      data: {
        name: input.name,
        smartContractId: input.smartContractId,
        imagePath,
        imageSource,
        copyright: input.copyright,
        licence: input.licence ?? null,
      },
    });
  });
  if (input.copyright.length) kickMailWorker();
  // Minted at once when it has no copyright shares and its contract was deployed by the service.
  // With shares it is minted by the copyright flow once every holder has authorized (lib/copyright).
  if (!input.copyright.length) await mintIfReady(db, actor, id, deps.chain);
  return withCopyright(db, loadRow(db, organizationId, id));
}

type Changes = Partial<Pick<Nft, 'name' | 'description' | 'externalUrl' | 'supply' | 'metadata' | 'status' | 'mintedAt'>>;

/** Applies changes; when the metadata JSON's inputs change it is rebuilt (and re-stored). */
async function applyUpdate(
  db: Db,
  actor: Actor,
  id: string,
  changes: Changes,
  action: string,
  split: SplitChange = {},
): Promise<NftView> {
  const current = db
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, id), eq(nfts.organizationId, actor.organizationId)))
    .get();
  if (!current) throw new NotFoundError('NFT');
  const next = { ...current, ...changes };
  const metadataChanged = (['name', 'description', 'externalUrl', 'metadata'] as const).some(
    (k) => k in changes && JSON.stringify(changes[k]) !== JSON.stringify(current[k]),
  );
  const uris: Partial<Pick<Nft, 'metadataUri' | 'tokenUri'>> = {};
  if (metadataChanged) {
    const { metadataUri } = await publishMetadata(id, next);
    uris.metadataUri = metadataUri;
    // A minted token's URI is what went on chain; only an unminted one follows the metadata.
    if (next.status !== 'MINTED' && next.status !== 'PENDING') uris.tokenUri = metadataUri;
  }
  db.transaction((tx) => {
    const still = tx.select().from(nfts).where(and(eq(nfts.id, id), eq(nfts.organizationId, actor.organizationId))).get();
    if (!still) throw new NotFoundError('NFT');
    if (changes.status === 'MINTED' && (still.copyrightStatus === 'AWAITING' || still.copyrightStatus === 'REJECTED')) {
      throw new ConflictError('An NFT with copyright holders is minted only once every holder has authorized their share.', [
        `status: the copyright split is ${still.copyrightStatus}`,
      ]);
    }
    if (changesSplit(split)) replaceSplit(tx, actor, still, split, new Date());
    tx.update(nfts)
      .set({ ...changes, ...uris, updatedAt: new Date() })
      .where(eq(nfts.id, id))
      .run();
    const event = changes.status && changes.status !== still.status ? manualStatusEvents.nft[changes.status as keyof typeof manualStatusEvents.nft] : undefined;
    if (event) recordEvent(tx, { organizationId: actor.organizationId, type: event, resourceType: 'nft', resourceId: id });
    const from = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof Changes]]));
    recordAudit(tx, actor, { action, entityType: 'nft', entityId: id, data: { from, to: { ...changes, ...uris } } });
  });
  if (split.copyright?.length || (split.licence && current.copyrightStatus !== 'NONE')) kickMailWorker();
  return toView(loadRow(db, actor.organizationId, id));
}

/** A7: name, description, status and mintedAt; MINTED sets mintedAt to now unless given. */
export async function updateNftStatus(db: Db, actor: Actor, input: UpdateNftStatusBody): Promise<NftView> {
  const { id, ...rest } = input;
  const current = loadRow(db, actor.organizationId, id);
  const chainState = db
    .select({ mintTransactionHash: nfts.mintTransactionHash, deploymentTransactionHash: smartContracts.deploymentTransactionHash })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(eq(nfts.id, id))
    .get()!;
  assertNftManualStatus(db, { ...current, mintTransactionHash: chainState.mintTransactionHash }, chainState, input);
  const changes: Changes = { ...rest };
  if (input.status === 'MINTED' && !input.mintedAt && !current.mintedAt) changes.mintedAt = new Date();
  return applyUpdate(db, actor, id, changes, 'nft.update_status');
}

/** A8: name, description, externalUrl, supply (≥ 1) and metadata. */
export async function updateNft(db: Db, actor: Actor, id: string, input: UpdateNftBody): Promise<NftView> {
  const { copyright, licence, ...rest } = input;
  return applyUpdate(db, actor, id, rest, 'nft.update', { copyright, licence });
}

/**
 * The NFT's metadata JSON: the stored bytes when it lives in the content store, otherwise
 * (traceability-only) built from the record.
 */
export async function getNftMetadata(db: Db, organizationId: string, id: string): Promise<NftMetadataJson> {
  const row = loadRow(db, organizationId, id);
  if (row.metadataUri?.startsWith('ipfs://')) {
    const cid = parseCid(row.metadataUri.slice('ipfs://'.length));
    const stored = cid ? await getContent(cid) : null;
    if (stored) return JSON.parse(stored.bytes.toString('utf8')) as NftMetadataJson;
  }
  return buildMetadataJson(row);
}

/** Active members of the organization, for the copyright split editor's picker. */
export function listHolders(db: Db, organizationId: string, q: ListHoldersQuery) {
  const conditions: SQL[] = [eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.status, 'ACTIVE')];
  if (q.search) {
    const p = likePattern(q.search);
    conditions.push(
      or(
        sql`${users.email} like ${p} escape '\\'`,
        sql`${users.name} like ${p} escape '\\'`,
        sql`${users.userName} like ${p} escape '\\'`,
      )!,
    );
  }
  const data = db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      userName: users.userName,
      walletAddress: wallets.address,
    })
    .from(userOrganizations)
    .innerJoin(users, eq(users.id, userOrganizations.userId))
    .leftJoin(wallets, and(eq(wallets.userId, users.id), eq(wallets.isPrimary, true)))
    .where(and(...conditions))
    .orderBy(asc(users.email))
    .limit(q.limit)
    .all();
  return { data };
}
