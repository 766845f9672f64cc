import { and, eq } from 'drizzle-orm';
import { nfts } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { ConflictError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import type { Store } from '@/lib/storage/store';

/**
 * DELETE /cl2c/nft/{id} (an extension of the interface, so A4's "delete them first" can be
 * followed). Only a record that never left this service may go: once it is MINTED (it exists on
 * chain) or copyrighted (`copyrightedAt` set: the split was signed) it is 409 and nothing
 * changes. Its copyright shares go with it (cascade); content-store blocks stay, since they are
 * content-addressed and may be shared by other records.
 */
export function deleteNft(store: Store, actor: Actor, id: string) {
  return store.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: nfts.id, name: nfts.name, status: nfts.status, copyrightedAt: nfts.copyrightedAt, smartContractId: nfts.smartContractId })
      .from(nfts)
      .where(and(eq(nfts.id, id), eq(nfts.organizationId, actor.organizationId)))
      .limit(1);
    if (!current) throw new NotFoundError('NFT');
    if (current.status === 'MINTED') {
      throw new ConflictError('A minted NFT cannot be deleted: it exists on chain.', [`id: NFT ${id} is MINTED`]);
    }
    if (current.copyrightedAt) {
      throw new ConflictError('A copyrighted NFT cannot be deleted: its copyright record is signed.', [
        `id: NFT ${id} was copyrighted at ${current.copyrightedAt.toISOString()}`,
      ]);
    }
    await tx.delete(nfts).where(eq(nfts.id, id));
    await recordAuditIn(tx, actor, {
      action: 'nft.delete',
      entityType: 'nft',
      entityId: id,
      data: { name: current.name, smartContractId: current.smartContractId, status: current.status },
    });
    return { message: 'NFT deleted.', deletedNft: { id: current.id, name: current.name } };
  });
}
