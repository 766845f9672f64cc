import { resetChainClient } from '@/lib/chain';
import { resetEnvCache } from '@/lib/env';

/** Sets (or, for undefined, removes) environment variables, then drops the cached env and chain client so the next use reads them. */
export function setChainEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  resetChainClient();
}
