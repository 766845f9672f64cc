import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isValidTrustedProxies } from '@/lib/shared/trusted-proxies';

/** Environment of the service (DESIGN §6), validated once, with a message naming the bad variable. */
const envSchema = z.object({
  DATABASE_PATH: z.string().min(1).optional(),
  /**
   * PostgreSQL instead of the SQLite file: postgres://user:password@host:port/database. The whole
   * product runs on either engine (docs/architecture.md); several instances may share one database
   * (docs/operations.md).
   */
  DATABASE_URL: z.string().superRefine(validPostgresUrl).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  IMPORT_DIR: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('CL2C Admin <no-reply@cl2c.local>'),
  CHAIN: z.enum(['local', 'evm']).default('local'),
  RPC_URL: z.url().optional(),
  /** ERC-20 contract that `faucet` token sends call `transfer` on; unset = native transfer. */
  FAUCET_TOKEN_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address (0x + 40 hex digits)')
    .transform((v) => v as `0x${string}`)
    .optional(),
  /**
   * Blocks a mined transaction must be deep before it counts as CONFIRMED: one number for every
   * chain, or `chainId:depth` pairs (`137:64,80002:5`). Unlisted chains: 1 on dev chains (31337,
   * 1337, the embedded 80002 of CHAIN=local), 12 elsewhere.
   */
  CHAIN_CONFIRMATIONS: z
    .string()
    .regex(/^(\d+|\d+:\d+(,\s*\d+:\d+)*)$/, 'must be a number of blocks or chainId:blocks pairs (e.g. 137:64,80002:5)')
    .refine((v) => v.split(',').every((p) => Number(p.split(':').pop()) >= 1 && Number(p.split(':').pop()) <= 1000), 'every depth must be 1–1000 blocks')
    .optional(),
  /** Blocks after which a confirmed transaction is no longer re-checked for a reorg. */
  CHAIN_FINALITY_BLOCKS: z.coerce.number().int().min(1).max(10_000).default(64),
  /** A sent transaction not mined after this many blocks… */
  CHAIN_STUCK_BLOCKS: z.coerce.number().int().min(1).max(10_000).default(3),
  /** …or this many seconds is replaced with higher fees (same nonce). */
  CHAIN_STUCK_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  /** Fee raise of a replacement in percent; nodes refuse less than +10 %. */
  CHAIN_FEE_BUMP_PERCENT: z.coerce.number().min(10, 'must be at least 10 (nodes refuse smaller replacement bumps)').max(500).default(12.5),
  /** The highest maxFeePerGas a replacement may offer, in gwei; beyond it the transaction waits. */
  CHAIN_MAX_FEE_GWEI: z.coerce.number().positive().max(1_000_000).default(500),
  /** How often the chain's identity (chain id + genesis hash) is checked again, in seconds. */
  CHAIN_IDENTITY_CHECK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  /**
   * CHAIN=local: the simulated balance of every organization wallet, in whole tokens (18 decimals).
   * Every signed send and the gas of every signed transaction (at its fee cap) draw from it.
   */
  LOCAL_CHAIN_BALANCE: z
    .string()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, 'must be a non-negative decimal number of whole tokens (at most 18 decimals)')
    .default('1000'),
  KUBO_URL: z.url().optional(),
  /**
   * Block explorer of each contract env, for the console's transaction and address links
   * (`<base>/tx/<hash>`, `<base>/address/<address>`); `none` shows no link.
   */
  EXPLORER_URL_TESTNET: z.union([z.literal('none'), z.url()]).default('https://amoy.polygonscan.com'),
  EXPLORER_URL_MAINNET: z.union([z.literal('none'), z.url()]).default('https://polygonscan.com'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** API requests per organization (all its keys and admins) per minute; unset = 5 × RATE_LIMIT_PER_MINUTE. */
  TENANT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Worker threads that run list/search reads off the main event loop (lib/storage/sqlite/connection/read-pool.ts); 0 = off. */
  READ_WORKERS: z.coerce.number().int().min(0).max(16).default(2),
  /**
   * Nice value of the read worker threads and the checkpoint thread (0–19; 0 = the process's own):
   * when the cores are busy, the main thread — cheap requests and every write — gets the CPU before
   * a heavy read or a checkpoint.
   */
  READ_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * PostgreSQL: how many list/search reads one server runs at once (lib/storage/read-gate.ts); the
   * others wait in arrival order. Unset: the machine's cores + 1. 0 = no limit.
   */
  PG_READ_SLOTS: z.coerce.number().int().min(0).max(256).optional(),
  /** Read the database file once at start-up so its pages are in the OS page cache (lib/storage/sqlite/connection/prewarm.ts). */
  DB_PREWARM: z.enum(['on', 'off']).default('on'),
  /** Sign-in attempts per client address per minute (all accounts together). */
  SIGNIN_MAX_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Test setting: `1` lets webhook endpoints use http:// on a loopback address (127.0.0.0/8, ::1,
   * localhost). Off by default: endpoints must be https:// on a public address.
   */
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: z.enum(['0', '1']).default('0'),
  /** How long a claimed webhook delivery stays its worker's; must exceed the 15 s request timeout. */
  WEBHOOKS_LEASE_MS: z.coerce.number().int().min(16_000).default(60_000),
  /**
   * How long a claimed outgoing mail stays its worker's (renewed while a batch is being sent); a
   * killed instance's mails are sent by another instance after it.
   */
  MAIL_LEASE_MS: z.coerce.number().int().min(10_000).default(300_000),
  /** How often the webhook worker looks for due deliveries. */
  WEBHOOKS_POLL_MS: z.coerce.number().int().min(100).default(1_000),
  /**
   * Reverse proxies whose X-Forwarded-For/-Host/-Proto are believed: comma-separated addresses or
   * CIDR ranges. Unset = none: the TCP peer is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .refine(isValidTrustedProxies, 'must be comma-separated IP addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1)')
    .optional(),
});

/** A `postgres://` / `postgresql://` URL with a host and a database name; says what is wrong otherwise. */
export function postgresUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL like postgres://user:password@host:5432/database';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    return `must start with postgres:// or postgresql:// (got ${url.protocol}//); SQLite is chosen with DATABASE_PATH`;
  }
  if (!url.hostname && !url.searchParams.get('host')) return 'must name a host, e.g. postgres://user:password@127.0.0.1:5432/database';
  if (url.pathname.replace(/^\//, '') === '') return 'must name a database, e.g. postgres://user:password@127.0.0.1:5432/cl2c';
  return null;
}

function validPostgresUrl(value: string, ctx: z.RefinementCtx) {
  const problem = postgresUrlProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

export type Env = z.infer<typeof envSchema> & { DATABASE_PATH: string; APP_URL: string };

let cached: Env | undefined;

function blankToUndefined(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    out[key] = value === undefined || value.trim() === '' ? undefined : value;
  }
  return out;
}

export class EnvError extends Error {}

/** Parses process.env; throws EnvError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(blankToUndefined(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.CHAIN === 'evm' && !env.RPC_URL) {
    throw new EnvError('Invalid environment configuration:\n  RPC_URL: required when CHAIN=evm');
  }
  return {
    ...env,
    DATABASE_PATH: env.DATABASE_PATH ?? path.join(env.DATA_DIR, 'cl2c.db'),
    APP_URL: env.APP_URL ?? `http://${env.HOST}:${env.PORT}`,
  };
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** Test hook: forget the parsed environment so a changed process.env is read again. */
export function resetEnvCache(): void {
  cached = undefined;
}

/**
 * AUTH_SECRET, or one generated into DATA_DIR on first use so a fresh clone needs no setup.
 * It encrypts custodial wallet keys and signs sessions, so it must survive restarts.
 */
export function authSecret(): string {
  const e = env();
  if (e.AUTH_SECRET) return e.AUTH_SECRET;
  const file = path.join(e.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(e.DATA_DIR, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
