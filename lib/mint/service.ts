import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/storage/sqlite/client';
import * as sqliteSchema from '@/db/schema';
import { preparedQuery } from '@/lib/storage/prepared';
import type { Store } from '@/lib/storage/store';
import { auditEvents, copyrightShares, nfts, smartContracts } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { getChainClient, organizationAccountIn, type ChainClient } from '@/lib/chain';
import { assertChainUsable } from '@/lib/chain/identity';
import { prepareChainTx } from '@/lib/chain/ledger';
import { runChainOperation } from '@/lib/chain/operation';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import { errorFields, log } from '@/lib/logger';
import { copyrightTokenProperties } from './copyright-properties';
import { publishTokenMetadata, type TokenMetadataExtras } from './token-metadata';


export type MintOptions = {
  /** Who asked (audit); omitted for system-triggered mints (e.g. the last copyright authorization). */
  actor?: Actor;
  chain?: ChainClient;
  /** Extra token metadata (e.g. the copyright record's CID). */
  metadata?: TokenMetadataExtras;
};

async function loadForMint(store: Store, organizationId: string, nftId: string) {
  const [row] = await store
    .select({ nft: nfts, contract: smartContracts })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, nftId), eq(nfts.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError('NFT');
  return row;
}

/** Only the columns mintBlocker decides on (it runs on every A6 and A7): one narrow, prepared statement. */
const blockerRow = preparedQuery((store: Store) =>
  store
    .select({
      status: nfts.status,
      copyrightedAt: nfts.copyrightedAt,
      copyrightRecordCid: nfts.copyrightRecordCid,
      contractId: smartContracts.id,
      contractStatus: smartContracts.status,
      contractAddress: smartContracts.contractAddress,
      deploymentTransactionHash: smartContracts.deploymentTransactionHash,
      hasShares: sql<boolean>`exists (select 1 from ${copyrightShares} where ${copyrightShares.nftId} = ${nfts.id})`,
    })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, sql.placeholder('nftId')), eq(nfts.organizationId, sql.placeholder('organizationId'))))
    .prepare('cl2c_mint_blocker'),
);

/**
 * Why the NFT cannot be minted now, or null. Minting needs: not already minted or minting; a
 * contract this service deployed (a hand-registered one is owned by some other wallet); and, when
 * the NFT has copyright shares, every holder's authorization (`copyrightedAt` set).
 */
export async function mintBlocker(store: Store, organizationId: string, nftId: string): Promise<string | null> {
  const [row] = await blockerRow(store).execute({ nftId, organizationId });
  return blockerReason(row);
}

/** The synchronous SQLite twin of mintBlocker, for getNftSync (the webhook loader of synchronous recordEvent callers). */
const blockerRowSync = preparedQuery((db: Db) =>
  db
    .select({
      status: sqliteSchema.nfts.status,
      copyrightedAt: sqliteSchema.nfts.copyrightedAt,
      copyrightRecordCid: sqliteSchema.nfts.copyrightRecordCid,
      contractId: sqliteSchema.smartContracts.id,
      contractStatus: sqliteSchema.smartContracts.status,
      contractAddress: sqliteSchema.smartContracts.contractAddress,
      deploymentTransactionHash: sqliteSchema.smartContracts.deploymentTransactionHash,
      hasShares: sql<number>`exists (select 1 from ${sqliteSchema.copyrightShares} where ${sqliteSchema.copyrightShares.nftId} = ${sqliteSchema.nfts.id})`,
    })
    .from(sqliteSchema.nfts)
    .innerJoin(sqliteSchema.smartContracts, eq(sqliteSchema.smartContracts.id, sqliteSchema.nfts.smartContractId))
    .where(and(eq(sqliteSchema.nfts.id, sql.placeholder('nftId')), eq(sqliteSchema.nfts.organizationId, sql.placeholder('organizationId'))))
    .prepare(),
);

export function mintBlockerSync(db: Db, organizationId: string, nftId: string): string | null {
  return blockerReason(blockerRowSync(db).get({ nftId, organizationId }));
}

type BlockerRow = {
  status: string;
  copyrightedAt: Date | null;
  copyrightRecordCid: string | null;
  contractId: string;
  contractStatus: string;
  contractAddress: string | null;
  deploymentTransactionHash: string | null;
  hasShares: unknown;
};

function blockerReason(row: BlockerRow | undefined): string | null {
  if (!row) throw new NotFoundError('NFT');
  if (row.status === 'MINTED') return 'status: the NFT is already minted';
  if (row.status === 'PENDING') return 'status: the NFT is already being minted';
  if (row.contractStatus !== 'DEPLOYED' || !row.contractAddress) return `smartContractId: contract ${row.contractId} is not deployed yet`;
  if (!row.deploymentTransactionHash) {
    return `smartContractId: contract ${row.contractId} was registered by hand (A3); the service mints only on contracts it deployed`;
  }
  if (row.hasShares && !row.copyrightedAt) return 'copyright: waiting for every copyright holder to authorize';
  // The token must carry the consent: the signed record is pinned just after the last authorization.
  if (row.hasShares && !row.copyrightRecordCid) return 'copyright: the signed copyright record is not stored yet';
  return null;
}

/**
 * Mints the NFT on its deployed contract (the one entry point: A6, the mint endpoint, the console,
 * and the copyright flow once every holder has authorized). 409 while `mintBlocker` says why not.
 * The token metadata is stored first (`ipfs://` CID → `tokenUri`), then in one transaction the
 * NFT becomes PENDING with a PREPARED ledger row, then the mint is signed and sent; the receipt
 * makes it MINTED (tokenId, tokenOwner = the organization's wallet, mintedAt = block time).
 */
export async function requestMint(store: Store, organizationId: string, nftId: string, options: MintOptions = {}) {
  const chain = options.chain ?? getChainClient();
  const from = await organizationAccountIn(store, organizationId);
  if (!from) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  const blocker = await mintBlocker(store, organizationId, nftId);
  if (blocker) throw new ConflictError('This NFT cannot be minted now.', [blocker]);
  await assertChainUsable(store, chain);

  const { nft } = await loadForMint(store, organizationId, nftId);
  const tokenUri = await publishTokenMetadata(nft, {
    properties: { ...copyrightTokenProperties(nft), ...options.metadata?.properties },
  });

  const prepared = await store.transaction(async (tx) => {
    const again = await mintBlocker(tx, organizationId, nftId);
    if (again) throw new ConflictError('This NFT cannot be minted now.', [again]);
    const { contract } = await loadForMint(tx, organizationId, nftId);
    const ledger = await prepareChainTx(tx, { organizationId, kind: 'mint', entityId: nftId, chain: chain.name });
    await tx
      .update(nfts)
      .set({ status: 'PENDING', tokenUri, mintTransactionHash: null, mintLogs: null, tokenId: null, tokenOwner: null, mintedAt: null })
      .where(eq(nfts.id, nftId));
    const event = { action: 'nft.mint', entityType: 'nft', entityId: nftId, data: { tokenUri, contractAddress: contract.contractAddress } };
    if (options.actor) await recordAuditIn(tx, options.actor, event);
    else await tx.insert(auditEvents).values({ organizationId, actorType: 'system', actorId: null, ...event });
    return { ledgerId: ledger.id, contractAddress: contract.contractAddress as `0x${string}`, supply: nft.supply };
  });

  await runChainOperation(store, chain, prepared.ledgerId, () =>
    chain.mint({
      ledgerId: prepared.ledgerId,
      from,
      contract: prepared.contractAddress,
      to: from.address,
      amount: BigInt(prepared.supply),
      tokenUri,
    }),
  );
}

/** A6: mint at once when the NFT has no shares and its contract was deployed here; never fails the create. */
export async function mintIfReady(store: Store, actor: Actor, nftId: string, chain?: ChainClient): Promise<void> {
  if (await mintBlocker(store, actor.organizationId, nftId)) return;
  try {
    await requestMint(store, actor.organizationId, nftId, { actor, chain });
  } catch (error) {
    // The NFT is created either way; a failed mint leaves it FAILED with the reason in mintLogs.
    log('warn', 'mint after create failed', { requestId: actor.requestId, nftId, ...errorFields(error) });
  }
}
