import type { Db } from '@/lib/storage/sqlite/client';
import { onLedgerChange } from '@/lib/chain/state';
import { getContractWithChain, getContractWithChainSync } from '@/lib/contracts/service';
import { getCopyrightState } from '@/lib/copyright/service';
import { getMember, getMembershipSync } from '@/lib/members/service';
import { getNft, getNftSync } from '@/lib/nfts/service';
import { getTransfer, getTransferIn } from '@/lib/tokens/service';
import { recordEventIn, setResourceLoaders, setStoreResourceLoaders } from '@/lib/webhooks/emit';
import { eventForLedgerChange } from '@/lib/webhooks/events';
import { runtimeSlot } from '@/lib/runtime';

// The ledger's listeners are process-wide (lib/runtime.ts), so the unsubscribe of ours is too:
// installing again replaces it instead of doubling every message.
const unsubscribe = runtimeSlot<() => void>('webhookLedgerUnsubscribe');

/**
 * Wires webhooks into the process, once, from start-up (lib/startup.ts): the domain getters that
 * give each message's `data` (the resource exactly as the API returns it), and the chain ledger's
 * change listener. This module sits above the domain services; they only call recordEvent.
 */
export function installWebhooks() {
  const asDb = (tx: unknown) => tx as Db;
  setResourceLoaders({
    contract: (tx, org, id) => getContractWithChainSync(asDb(tx), org, id),
    nft: (tx, org, id) => getNftSync(asDb(tx), org, id),
    transfer: (tx, org, id) => getTransfer(asDb(tx), org, id),
    member: (tx, org, id) => getMembershipSync(asDb(tx), org, id),
  });
  // The ledger's transitions (lib/chain/state.ts) run on the Store: their messages read the
  // contract, NFT or transfer on the Store, in the transition's transaction, on either engine.
  setStoreResourceLoaders({ member: getMember, copyright: getCopyrightState, contract: getContractWithChain, nft: getNft, transfer: getTransferIn });
  unsubscribe.get()?.();
  unsubscribe.set(
    onLedgerChange(async (tx, change) => {
      const event = eventForLedgerChange(change);
      if (!event) return;
      await recordEventIn(tx, { organizationId: change.row.organizationId, type: event.type, resourceType: event.resourceType, resourceId: change.row.entityId });
    }),
  );
}
