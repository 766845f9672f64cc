import { encodeAbiParameters, encodeEventTopics, parseEventLogs, zeroAddress, type Address, type Hex } from 'viem';
import { cL2CCollectionAbi, cL2CTokenAbi } from '@/chain/artifacts';
import type { ChainLog } from './types';

/** The collection's `Minted` event in a receipt's logs → the token id the contract assigned. */
export function mintedTokenId(logs: ChainLog[], contract: Address | null): number | null {
  const events = parseEventLogs({ abi: cL2CCollectionAbi, eventName: 'Minted', logs: logs.map(asViemLog), strict: false });
  const event = events.find((e) => !contract || e.address.toLowerCase() === contract.toLowerCase());
  return event?.args.tokenId == null ? null : Number(event.args.tokenId);
}

function asViemLog(l: ChainLog) {
  return {
    address: l.address,
    topics: l.topics as [Hex, ...Hex[]],
    data: l.data,
    logIndex: l.logIndex,
    blockHash: null,
    blockNumber: null,
    transactionHash: null,
    transactionIndex: null,
    removed: false,
  };
}

/**
 * The logs a node emits for what the `local` driver signed, built from the same ABIs, so
 * `deploymentLogs`/`mintLogs` read the same on the embedded chain as on a node.
 */
export function deployLogs(contract: Address, owner: Address): ChainLog[] {
  return [
    {
      address: contract,
      topics: encodeEventTopics({ abi: cL2CCollectionAbi, eventName: 'OwnershipTransferred', args: { previousOwner: zeroAddress, newOwner: owner } }) as Hex[],
      data: '0x',
      logIndex: 0,
    },
  ];
}

export function mintLogs(contract: Address, operator: Address, to: Address, tokenId: bigint, amount: bigint, uri: string): ChainLog[] {
  return [
    {
      address: contract,
      topics: encodeEventTopics({ abi: cL2CCollectionAbi, eventName: 'URI', args: { id: tokenId } }) as Hex[],
      data: encodeAbiParameters([{ type: 'string' }], [uri]),
      logIndex: 0,
    },
    {
      address: contract,
      topics: encodeEventTopics({ abi: cL2CCollectionAbi, eventName: 'Minted', args: { tokenId, to } }) as Hex[],
      data: encodeAbiParameters([{ type: 'uint256' }, { type: 'string' }], [amount, uri]),
      logIndex: 1,
    },
    {
      address: contract,
      topics: encodeEventTopics({
        abi: cL2CCollectionAbi,
        eventName: 'TransferSingle',
        args: { operator, from: zeroAddress, to },
      }) as Hex[],
      data: encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [tokenId, amount]),
      logIndex: 2,
    },
  ];
}

export function erc20TransferLogs(token: Address, from: Address, to: Address, value: bigint): ChainLog[] {
  return [
    {
      address: token,
      topics: encodeEventTopics({ abi: cL2CTokenAbi, eventName: 'Transfer', args: { from, to } }) as Hex[],
      data: encodeAbiParameters([{ type: 'uint256' }], [value]),
      logIndex: 0,
    },
  ];
}

/** JSON for the `deploymentLogs` / `mintLogs` columns (bigint-free). */
export function logsJson(logs: ChainLog[]): string {
  return JSON.stringify(logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data, logIndex: l.logIndex })));
}
