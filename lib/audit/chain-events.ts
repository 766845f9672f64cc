import { auditEvents } from '@/lib/storage/tables';
import type { Store } from '@/lib/storage/store';

const entityTypes = { deploy: 'smart_contract', mint: 'nft', transfer: 'token_transfer' } as const;
const actions = {
  deploy: ['contract.deploy.confirm', 'contract.deploy.fail'],
  mint: ['nft.mint.confirm', 'nft.mint.fail'],
  transfer: ['token.confirm', 'token.fail'],
} as const;

export type ChainOutcome = {
  organizationId: string;
  kind: 'deploy' | 'mint' | 'transfer';
  entityId: string;
  ok: boolean;
  /** False for a `local` transaction that was signed and recorded but never sent. */
  broadcast: boolean;
  transactionHash: string | null;
  blockNumber?: number | null;
  tokenId?: number | null;
  reason?: string | null;
};

/**
 * The chain's answer as a 'system' audit event, in the transaction that applies it: the Activity
 * page shows when a deployment, mint or send landed or failed, and the console's notifications
 * (GET /console/audit/updates) are these events. A `local` transfer that was only signed is not
 * an outcome (nothing was sent), so it records nothing.
 */
export async function recordChainOutcome(tx: Store, o: ChainOutcome): Promise<void> {
  if (o.kind === 'transfer' && o.ok && !o.broadcast) return;
  const at = new Date();
  await tx
    .insert(auditEvents)
    .values({
      organizationId: o.organizationId,
      actorType: 'system',
      actorId: null,
      action: actions[o.kind][o.ok ? 0 : 1],
      entityType: entityTypes[o.kind],
      entityId: o.entityId,
      data: {
        transactionHash: o.transactionHash,
        ...(o.blockNumber != null ? { blockNumber: o.blockNumber } : {}),
        ...(o.tokenId != null ? { tokenId: o.tokenId } : {}),
        ...(o.reason ? { reason: o.reason } : {}),
        broadcast: o.broadcast,
      },
      createdAt: at,
      updatedAt: at,
    });
}
