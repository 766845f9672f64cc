/**
 * Block explorer links, free of server imports so console components can build them. The bases
 * come from EXPLORER_URL_TESTNET / EXPLORER_URL_MAINNET (read by the server page, passed down).
 */
export type ChainEnvName = 'TESTNET' | 'MAINNET';
export type Explorers = Record<ChainEnvName, string | null>;

/**
 * Links only mean something when transactions reach a network: on the embedded `local` chain
 * nothing is broadcast, so there is no explorer entry to point at.
 */
export function explorersFor(config: { CHAIN: 'local' | 'evm'; EXPLORER_URL_TESTNET: string; EXPLORER_URL_MAINNET: string }): Explorers {
  const base = (v: string) => (config.CHAIN === 'evm' && v !== 'none' ? v.replace(/\/+$/, '') : null);
  return { TESTNET: base(config.EXPLORER_URL_TESTNET), MAINNET: base(config.EXPLORER_URL_MAINNET) };
}

export function explorerHref(explorers: Explorers | undefined, env: ChainEnvName, kind: 'tx' | 'address', value: string | null): string | null {
  const base = explorers?.[env];
  return base && value ? `${base}/${kind}/${value}` : null;
}
