import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { preparedQuery } from '@/lib/storage/prepared';
import { auditEvents, copyrightShares, nfts, smartContracts } from '@/db/schema';
import { recordAudit } from '@/lib/audit/service';
import { getChainClient, organizationAccount, type ChainClient } from '@/lib/chain';
import { assertChainUsable } from '@/lib/chain/identity';
import { prepareChainTx } from '@/lib/chain/ledger';
import { runChainOperation } from '@/lib/chain/operation';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/http/actor';
import { errorFields, log } from '@/lib/logger';
import { copyrightTokenProperties } from '@/lib/copyright/token';
import { publishTokenMetadata, type TokenMetadataExtras } from './token-metadata';

type Reader = Pick<Db, 'select'>;

export type MintOptions = {
  /** Who asked (audit); omitted for system-triggered mints (e.g. the last copyright authorization). */
  actor?: Actor;
  chain?: ChainClient;
  /** Extra token metadata (e.g. the copyright record's CID). */
  metadata?: TokenMetadataExtras;
};

function loadForMint(db: Reader, organizationId: string, nftId: string) {
  const row = db
    .select({ nft: nfts, contract: smartContracts })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, nftId), eq(nfts.organizationId, organizationId)))
    .get();
  if (!row) throw new NotFoundError('NFT');
  return row;
}

/** Only the columns mintBlocker decides on (it runs on every A6 and A7): one narrow, prepared statement. */
const blockerRow = preparedQuery((db: Reader) =>
  db
    .select({
      status: nfts.status,
      copyrightedAt: nfts.copyrightedAt,
      copyrightRecordCid: nfts.copyrightRecordCid,
      contractId: smartContracts.id,
      contractStatus: smartContracts.status,
      contractAddress: smartContracts.contractAddress,
      deploymentTransactionHash: smartContracts.deploymentTransactionHash,
      hasShares: sql<number>`exists (select 1 from ${copyrightShares} where ${copyrightShares.nftId} = ${nfts.id})`,
    })
    .from(nfts)
    .innerJoin(smartContracts, eq(smartContracts.id, nfts.smartContractId))
    .where(and(eq(nfts.id, sql.placeholder('nftId')), eq(nfts.organizationId, sql.placeholder('organizationId'))))
    .prepare(),
);

/**
 * Why the NFT cannot be minted now, or null. Minting needs: not already minted or minting; a
 * contract this service deployed (a hand-registered one is owned by some other wallet); and, when
 * the NFT has copyright shares, every holder's authorization (`copyrightedAt` set).
 */
export function mintBlocker(db: Reader, organizationId: string, nftId: string): string | null {
  const row = blockerRow(db).get({ nftId, organizationId });
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
export async function requestMint(db: Db, organizationId: string, nftId: string, options: MintOptions = {}) {
  const chain = options.chain ?? getChainClient();
  const from = organizationAccount(db, organizationId);
  if (!from) throw new ConflictError('The organization has no signing key.', ['organization: no chain key configured']);
  const blocker = mintBlocker(db, organizationId, nftId);
  if (blocker) throw new ConflictError('This NFT cannot be minted now.', [blocker]);
  await assertChainUsable(db, chain);

  const { nft } = loadForMint(db, organizationId, nftId);
  const tokenUri = await publishTokenMetadata(nft, {
    properties: { ...copyrightTokenProperties(nft), ...options.metadata?.properties },
  });

  const prepared = db.transaction(
    (tx) => {
      const again = mintBlocker(tx, organizationId, nftId);
      if (again) throw new ConflictError('This NFT cannot be minted now.', [again]);
      const { contract } = loadForMint(tx, organizationId, nftId);
      const ledger = prepareChainTx(tx, { organizationId, kind: 'mint', entityId: nftId, chain: chain.name });
      tx.update(nfts)
        .set({ status: 'PENDING', tokenUri, mintTransactionHash: null, mintLogs: null, tokenId: null, tokenOwner: null, mintedAt: null })
        .where(eq(nfts.id, nftId))
        .run();
      const event = { action: 'nft.mint', entityType: 'nft', entityId: nftId, data: { tokenUri, contractAddress: contract.contractAddress } };
      if (options.actor) recordAudit(tx, options.actor, event);
      else tx.insert(auditEvents).values({ organizationId, actorType: 'system', actorId: null, ...event }).run();
      return { ledgerId: ledger.id, contractAddress: contract.contractAddress as `0x${string}`, supply: nft.supply };
    },
    { behavior: 'immediate' },
  );

  await runChainOperation(db, chain, prepared.ledgerId, () =>
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
export async function mintIfReady(db: Db, actor: Actor, nftId: string, chain?: ChainClient): Promise<void> {
  if (mintBlocker(db, actor.organizationId, nftId)) return;
  try {
    await requestMint(db, actor.organizationId, nftId, { actor, chain });
  } catch (error) {
    // The NFT is created either way; a failed mint leaves it FAILED with the reason in mintLogs.
    log('warn', 'mint after create failed', { requestId: actor.requestId, nftId, ...errorFields(error) });
  }
}
