import { parseEther, parseGwei } from 'viem';
import { env } from '@/lib/env';

/** Chains that mine on demand and never reorganize by themselves: one block is enough. */
const DEV_CHAIN_IDS = new Set([31337, 1337, 80002]);

/** Blocks a mined transaction of `chainId` must be deep to be CONFIRMED (CHAIN_CONFIRMATIONS). */
export function confirmationsFor(chainId: number | null | undefined, setting = env().CHAIN_CONFIRMATIONS): number {
  if (setting && /^\d+$/.test(setting)) return Number(setting);
  for (const pair of setting?.split(',') ?? []) {
    const [id, depth] = pair.trim().split(':');
    if (Number(id) === chainId) return Number(depth);
  }
  return chainId != null && DEV_CHAIN_IDS.has(chainId) ? 1 : 12;
}

export type ReplacementPolicy = { stuckBlocks: number; stuckMs: number; bumpPercent: number; maxFeePerGas: bigint };

export function replacementPolicy(): ReplacementPolicy {
  const e = env();
  return {
    stuckBlocks: e.CHAIN_STUCK_BLOCKS,
    stuckMs: e.CHAIN_STUCK_SECONDS * 1000,
    bumpPercent: e.CHAIN_FEE_BUMP_PERCENT,
    maxFeePerGas: parseGwei(String(e.CHAIN_MAX_FEE_GWEI)),
  };
}

/** `value` raised by `percent` (rounded up, so +10 % of an odd wei amount is never short by one). */
export function bumped(value: bigint, percent: number): bigint {
  const permille = BigInt(Math.ceil(percent * 1000));
  return (value * (100_000n + permille) + 99_999n) / 100_000n;
}

export const finalityBlocks = () => env().CHAIN_FINALITY_BLOCKS;
export const identityCheckMs = () => env().CHAIN_IDENTITY_CHECK_SECONDS * 1000;
export const localChainBalance = () => parseEther(env().LOCAL_CHAIN_BALANCE);
