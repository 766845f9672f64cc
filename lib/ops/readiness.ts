import { accessSync, constants, readFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { getDb } from '@/db/client';
import { env } from '@/lib/env';
import { getChainClient } from '@/lib/chain';
import { chainHaltReason, checkChainIdentity } from '@/lib/chain/identity';
import { untrustedForwardedSeenAt } from '@/lib/http/forwarded-warning';

/** One dependency's state as /api/ready reports it. Never a URL, path or credential. */
export type CheckState = { status: 'ok' | 'error' | 'not_configured' | 'warning'; detail?: string };
export type Readiness = {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState; mail: CheckState; chain: CheckState; proxy: CheckState };
};

const TIMEOUT_MS = 2_000;

function checkDatabase(): CheckState {
  try {
    const db = getDb();
    const file = env().DATABASE_PATH;
    if (file !== ':memory:') accessSync(path.resolve(file), constants.W_OK);
    // Taking the write lock proves the file is writable and not wedged by another writer.
    db.$client.exec('BEGIN IMMEDIATE');
    db.$client.exec('ROLLBACK');
    return { status: 'ok' };
  } catch {
    return { status: 'error', detail: 'the database cannot be written' };
  }
}

function checkMigrations(): CheckState {
  try {
    const journal = JSON.parse(
      readFileSync(path.join(process.cwd(), 'db', 'migrations', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const row = getDb().$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as { n: number };
    if (row.n >= journal.entries.length) return { status: 'ok', detail: `${row.n} applied` };
    return { status: 'error', detail: `${row.n} of ${journal.entries.length} applied` };
  } catch {
    return { status: 'error', detail: 'migration state unreadable' };
  }
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref()),
  ]);
}

async function checkMail(): Promise<CheckState> {
  const url = env().SMTP_URL;
  if (!url) return { status: 'not_configured', detail: 'mails stay in the outbox' };
  const transport = nodemailer.createTransport(url);
  try {
    await withTimeout(transport.verify());
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
  const db = getDb();
  const halted = chainHaltReason(db, 'evm');
  if (halted) return { status: 'error', detail: halted };
  try {
    // The node's chain id + genesis block against the record: a node restarted empty stops sending.
    const check = await withTimeout(checkChainIdentity(db, getChainClient()));
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

/** /api/ready: database writable, migrations applied, mail and chain reachable; proxy set-up warnings. */
export async function readiness(): Promise<Readiness> {
  const [mail, chain] = await Promise.all([checkMail(), checkChain()]);
  const checks = { database: checkDatabase(), migrations: checkMigrations(), mail, chain, proxy: checkProxy() };
  const ready = Object.values(checks).every((c) => c.status !== 'error');
  return { ready, checks };
}
