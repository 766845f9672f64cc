import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { chainFactsFor, chainFactsForIn } from '@/lib/chain/facts';
import type { ChainFactsView } from '@/lib/chain/schemas';
import type { Db } from '@/lib/storage/sqlite/client';
import type { Nft } from '@/db/schema';
import { copyrightShares, nfts, smartContracts, userOrganizations, users, wallets } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import type { ChainClient } from '@/lib/chain';
import { assertNftManualStatus } from '@/lib/chain/manual-status';
import { preparedQuery } from '@/lib/storage/prepared';
import type { Store } from '@/lib/storage/store';
import { mintBlocker, mintBlockerSync, mintIfReady } from '@/lib/mint/service';
import { inPageOrder } from '@/lib/storage/lists';
import { nftPage } from '@/lib/storage/nft-list';
import { addContent, getContent, parseCid } from '@/lib/content-store/store';
import { env } from '@/lib/env';
import { changesSplit, replaceSplit, type SplitChange } from '@/lib/copyright/edit';
import { DEFAULT_LICENCE } from '@/lib/copyright/licences';
import { startRound } from '@/lib/copyright/split';
import { ConflictError, NotFoundError } from '@/lib/errors';
import { kickMailWorker } from '@/lib/mail/worker';
import type { Actor } from '@/lib/shared/actor';
import { recordEventIn } from '@/lib/webhooks/emit';
import { manualStatusEvents } from '@/lib/webhooks/events';
import { envelope } from '@/lib/shared/query';
import { matchesSearch } from '@/lib/storage/like';
import { ingestImage, type IngestOptions } from '@/lib/images/ingest';
import { assertActiveMembers, loadCopyright, loadCopyrightSync, type CopyrightEntry } from '@/lib/copyright/holders';
import { buildMetadataJson, metadataBytes, type NftMetadataJson } from '@/lib/mint/metadata';
import type { CreateNftBody, ListHoldersQuery, ListNftsQuery, UpdateNftBody, UpdateNftStatusBody } from './schemas';

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

function loadRows(store: Store, where: SQL) {
  return store.select(rowColumns).from(nfts).innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId)).where(where);
}
type Row = Awaited<ReturnType<typeof loadRows>>[number];

/** One NFT of the organization with its contract (A6, A7, A8 and every write answer: prepared). */
const rowById = preparedQuery((store: Store) =>
  store
    .select(rowColumns)
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, sql.placeholder('id')), eq(nfts.organizationId, sql.placeholder('organizationId'))))
    .prepare('cl2c_nft_row_by_id'),
);

async function loadRow(store: Store, organizationId: string, id: string): Promise<Row> {
  const [row] = await rowById(store).execute({ id, organizationId });
  if (!row) throw new NotFoundError('NFT');
  return row;
}

/**
 * A5: one page of the organization's NFTs, with the applied filters echoed. The ids and the exact
 * total come from the engine's list module; the page's rows are loaded by id.
 */
export async function listNfts(store: Store, organizationId: string, q: ListNftsQuery) {
  const { ids, total } = await nftPage(store, organizationId, q);
  const rows = ids.length ? await loadRows(store, inArray(nfts.id, ids)) : [];
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

function withCopyright(row: Row, copyright: CopyrightEntry[]): NftCreatedView {
  return { ...toView(row), metadata: row.metadata ?? {}, copyright, totalOwners: copyright.length };
}

function detailView(row: Row, copyright: CopyrightEntry[], mintBlockedBy: string | null, chainTransaction: ChainFactsView | null): NftDetailView {
  return {
    ...withCopyright(row, copyright),
    tokenUri: row.tokenUri,
    metadataUri: row.metadataUri,
    tokenId: row.tokenId,
    tokenOwner: row.tokenOwner,
    mintTransactionHash: row.mintTransactionHash,
    mintLogs: row.mintLogs,
    mintBlockedBy,
    chainTransaction,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Detail for the console: the create shape plus token/metadata URIs and timestamps. */
export async function getNft(store: Store, organizationId: string, id: string): Promise<NftDetailView> {
  const row = await loadRow(store, organizationId, id);
  const copyright = (await loadCopyright(store, [id])).get(id) ?? [];
  return detailView(row, copyright, await mintBlocker(store, organizationId, id), await chainFactsForIn(store, id));
}

/**
 * The synchronous twin of getNft (SQLite only), for the webhook resource loader
 * (lib/wiring/webhooks.ts), which reads the NFT inside a synchronous transaction.
 */
export function getNftSync(db: Db, organizationId: string, id: string): NftDetailView {
  const query = db
    .select(rowColumns as never)
    .from(nfts as never)
    .innerJoin(smartContracts as never, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, id), eq(nfts.organizationId, organizationId)));
  const row = (query as unknown as { get(): Row | undefined }).get();
  if (!row) throw new NotFoundError('NFT');
  const copyright = loadCopyrightSync(db, [id]).get(id) ?? [];
  return detailView(row, copyright, mintBlockerSync(db, organizationId, id), chainFactsFor(db, id));
}

async function assertContract(store: Store, organizationId: string, contractId: string) {
  const [found] = await store
    .select({ id: smartContracts.id })
    .from(smartContracts)
    .where(and(eq(smartContracts.id, contractId), eq(smartContracts.organizationId, organizationId)))
    .limit(1);
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
export async function createNft(store: Store, actor: Actor, input: CreateNftBody, deps: NftDeps = {}): Promise<NftCreatedView> {
  const organizationId = actor.organizationId;
  let imagePath: string | null = null;
  let imageSource: string | null = null;
  if (input.imagePath) {
    // Before the image is fetched and stored: a request that will be refused costs no I/O.
    await assertContract(store, organizationId, input.smartContractId);
    await assertActiveMembers(store, organizationId, input.copyright);
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

  await store.transaction(async (tx) => {
    await assertContract(tx, organizationId, input.smartContractId);
    await assertActiveMembers(tx, organizationId, input.copyright);
    await tx
      .insert(nfts)
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
      });
    if (input.copyright.length) {
      await tx
        .insert(copyrightShares)
        .values(input.copyright.map((c) => ({ nftId: id, userId: c.userId, percentage: c.percentage, status: 'PENDING' as const })));
      // Same transaction as the shares: the split's status, and one request mail per holder.
      await startRound(tx, id, new Date());
    }
    await recordAuditIn(tx, actor, {
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
  if (!input.copyright.length) await mintIfReady(store, actor, id, deps.chain);
  const row = await loadRow(store, organizationId, id);
  // Created without holders: it has none to read (one round trip less on PostgreSQL).
  return withCopyright(row, input.copyright.length ? ((await loadCopyright(store, [id])).get(id) ?? []) : []);
}

type Changes = Partial<Pick<Nft, 'name' | 'description' | 'externalUrl' | 'supply' | 'metadata' | 'status' | 'mintedAt'>>;

/** Applies changes; when the metadata JSON's inputs change it is rebuilt (and re-stored). */
async function applyUpdate(
  store: Store,
  actor: Actor,
  id: string,
  changes: Changes,
  action: string,
  split: SplitChange = {},
): Promise<NftView> {
  const [current] = await store
    .select()
    .from(nfts)
    .where(and(eq(nfts.id, id), eq(nfts.organizationId, actor.organizationId)))
    .limit(1);
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
  await store.transaction(async (tx) => {
    const [still] = await tx
      .select()
      .from(nfts)
      .where(and(eq(nfts.id, id), eq(nfts.organizationId, actor.organizationId)))
      .limit(1);
    if (!still) throw new NotFoundError('NFT');
    if (changes.status === 'MINTED' && (still.copyrightStatus === 'AWAITING' || still.copyrightStatus === 'REJECTED')) {
      throw new ConflictError('An NFT with copyright holders is minted only once every holder has authorized their share.', [
        `status: the copyright split is ${still.copyrightStatus}`,
      ]);
    }
    if (changesSplit(split)) await replaceSplit(tx, actor, still, split, new Date());
    await tx
      .update(nfts)
      .set({ ...changes, ...uris, updatedAt: new Date() })
      .where(eq(nfts.id, id));
    const event = changes.status && changes.status !== still.status ? manualStatusEvents.nft[changes.status as keyof typeof manualStatusEvents.nft] : undefined;
    if (event) await recordEventIn(tx, { organizationId: actor.organizationId, type: event, resourceType: 'nft', resourceId: id });
    const from = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof Changes]]));
    await recordAuditIn(tx, actor, { action, entityType: 'nft', entityId: id, data: { from, to: { ...changes, ...uris } } });
  });
  if (split.copyright?.length || (split.licence && current.copyrightStatus !== 'NONE')) kickMailWorker();
  return toView(await loadRow(store, actor.organizationId, id));
}

/** A7: name, description, status and mintedAt; MINTED sets mintedAt to now unless given. */
export async function updateNftStatus(store: Store, actor: Actor, input: UpdateNftStatusBody): Promise<NftView> {
  const { id, ...rest } = input;
  const current = await loadRow(store, actor.organizationId, id);
  const [chainState] = await store
    .select({ mintTransactionHash: nfts.mintTransactionHash, deploymentTransactionHash: smartContracts.deploymentTransactionHash })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(eq(nfts.id, id))
    .limit(1);
  await assertNftManualStatus(store, { ...current, mintTransactionHash: chainState!.mintTransactionHash }, chainState!, input);
  const changes: Changes = { ...rest };
  if (input.status === 'MINTED' && !input.mintedAt && !current.mintedAt) changes.mintedAt = new Date();
  return applyUpdate(store, actor, id, changes, 'nft.update_status');
}

/** A8: name, description, externalUrl, supply (≥ 1) and metadata. */
export async function updateNft(store: Store, actor: Actor, id: string, input: UpdateNftBody): Promise<NftView> {
  const { copyright, licence, ...rest } = input;
  return applyUpdate(store, actor, id, rest, 'nft.update', { copyright, licence });
}

/**
 * The NFT's metadata JSON: the stored bytes when it lives in the content store, otherwise
 * (traceability-only) built from the record.
 */
export async function getNftMetadata(store: Store, organizationId: string, id: string): Promise<NftMetadataJson> {
  const row = await loadRow(store, organizationId, id);
  if (row.metadataUri?.startsWith('ipfs://')) {
    const cid = parseCid(row.metadataUri.slice('ipfs://'.length));
    const stored = cid ? await getContent(cid) : null;
    if (stored) return JSON.parse(stored.bytes.toString('utf8')) as NftMetadataJson;
  }
  return buildMetadataJson(row);
}

/** Active members of the organization, for the copyright split editor's picker. */
export async function listHolders(store: Store, organizationId: string, q: ListHoldersQuery) {
  const conditions: SQL[] = [eq(userOrganizations.organizationId, organizationId), eq(userOrganizations.status, 'ACTIVE')];
  if (q.search) {
    conditions.push(matchesSearch(q.search, [users.email, users.name, users.userName]));
  }
  const data = await store
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
    .limit(q.limit);
  return { data };
}
