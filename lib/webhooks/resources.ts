import type { Db } from '@/db/client';
import { onChainStateChange } from '@/lib/chain/state-hook';
import { getContract } from '@/lib/contracts/service';
import { getCopyrightState } from '@/lib/copyright/service';
import { getMember } from '@/lib/members/service';
import { getNft } from '@/lib/nfts/service';
import { getTransfer } from '@/lib/tokens/service';
import { recordEvent, setResourceLoaders } from './emit';
import { chainStateEvents, type WebhookEventType } from './events';

/**
 * Wires webhooks into the process, once, from start-up (lib/startup.ts): the domain getters that
 * give each message's `data` (the resource exactly as the API returns it), and the chain ledger's
 * state hook. This module sits above the domain services; they only call recordEvent.
 */
export function installWebhooks() {
  const asDb = (tx: unknown) => tx as Db;
  setResourceLoaders({
    contract: (tx, org, id) => getContract(asDb(tx), org, id),
    nft: (tx, org, id) => getNft(asDb(tx), org, id),
    copyright: (tx, org, id) => getCopyrightState(asDb(tx), org, id),
    transfer: (tx, org, id) => getTransfer(tx, org, id),
    member: (tx, org, id) => getMember(asDb(tx), org, id),
  });
  onChainStateChange((tx, change) => {
    const type = (chainStateEvents[change.kind] as Record<string, WebhookEventType | undefined>)[change.state];
    if (!type) return;
    const resourceType = change.kind === 'deploy' ? 'contract' : change.kind === 'mint' ? 'nft' : 'transfer';
    recordEvent(tx, { organizationId: change.organizationId, type, resourceType, resourceId: change.entityId });
  });
}
