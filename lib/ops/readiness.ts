import nodemailer from 'nodemailer';
import { env } from '@/lib/env';
import { getChainClient } from '@/lib/chain';
import { chainHaltReasonIn, checkChainIdentity } from '@/lib/chain/identity';
import { untrustedForwardedSeenAt } from '@/lib/http/forwarded-warning';
import { withTimeout } from '@/lib/timeout';
import { getStore } from '@/lib/storage/current';
import { processEngine } from '@/lib/storage/engine';
import { storageHealth, type CheckState, type StorageHealth } from '@/lib/storage/health';
import type { EngineKind } from '@/lib/storage/transactions';

export type { CheckState };
export type Readiness = {
  ready: boolean;
  engine: EngineKind;
  checks: { database: CheckState; migrations: CheckState; limits: CheckState; mail: CheckState; chain: CheckState; proxy: CheckState };
};

const TIMEOUT_MS = 2_000;

async function checkMail(): Promise<CheckState> {
  const url = env().SMTP_URL;
  if (!url) return { status: 'not_configured', detail: 'mails stay in the outbox' };
  const transport = nodemailer.createTransport(url);
  try {
    await withTimeout(transport.verify(), TIMEOUT_MS);
    return { status: 'ok' };
  } catch {
    return { status: 'error', detail: 'the SMTP server does not answer' };
  } finally {
    transport.close();
  }
}

async function checkChain(): Promise<CheckState> {
  const e = env();
  if (e.CHAIN === 'local') return { status: 'ok', detail: 'local driver: transactions are signed, never broadcast' };
  const store = await getStore();
  const halted = await chainHaltReasonIn(store, 'evm');
  if (halted) return { status: 'error', detail: halted };
  try {
    // The node's chain id + genesis block against the record: a node restarted empty stops sending.
    const check = await withTimeout(checkChainIdentity(store, getChainClient()), TIMEOUT_MS);
    if (check.status === 'mismatch') return { status: 'error', detail: check.identity.mismatch ?? 'the node serves another chain' };
    return { status: 'ok', detail: `chain id ${check.identity.chainId}` };
  } catch {
    // Fall through to the plain reachability probe, which names the failure.
  }
  try {
    const res = await withTimeout(
      fetch(e.RPC_URL!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      }),
      TIMEOUT_MS,
    );
    const body = (await res.json()) as { result?: unknown };
    if (res.ok && typeof body.result === 'string') return { status: 'ok', detail: `chain id ${Number(body.result)}` };
    return { status: 'error', detail: 'the RPC node answered with an error' };
  } catch {
    return { status: 'error', detail: 'the RPC node does not answer' };
  }
}

/** A warning (not an error: the server works) while X-Forwarded-For arrives with TRUSTED_PROXIES unset. */
function checkProxy(now = Date.now()): CheckState {
  if (env().TRUSTED_PROXIES) return { status: 'ok', detail: 'trusted proxies configured' };
  const seen = untrustedForwardedSeenAt();
  if (seen !== null && now - seen < 60 * 60_000) {
    return { status: 'warning', detail: `X-Forwarded-For received without TRUSTED_PROXIES (last at ${new Date(seen).toISOString()}): clients behind the proxy share one address` };
  }
  return { status: 'ok', detail: 'no forwarded requests seen' };
}

/** The storage's checks; a database that cannot even be opened (PostgreSQL down at start) is one answer too. */
async function storageReadiness(): Promise<StorageHealth> {
  try {
    return await storageHealth(await getStore());
  } catch {
    return {
      database: { status: 'error', detail: 'the database does not answer' },
      migrations: { status: 'error', detail: 'migration state unreadable' },
      limits: { status: 'warning', detail: 'request budgets counted per instance: the database does not answer' },
    };
  }
}

/**
 * /api/ready: the engine; database writable, migrations applied, where request budgets are counted
 * (lib/storage/health.ts); mail and chain reachable; proxy set-up warnings.
 */
export async function readiness(): Promise<Readiness> {
  const [storage, mail, chain] = await Promise.all([storageReadiness(), checkMail(), checkChain()]);
  const checks = { ...storage, mail, chain, proxy: checkProxy() };
  const ready = Object.values(checks).every((c) => c.status !== 'error');
  return { ready, engine: processEngine(), checks };
}
