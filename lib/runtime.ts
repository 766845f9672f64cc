/**
 * Process-wide state, in ONE object (issue 28). Next.js may load a module in more than one bundle
 * (route handlers, instrumentation.ts), so a module-level singleton would exist once per bundle;
 * everything a process must hold once lives here instead, on globalThis under a single key, in a
 * named slot whose type is declared where it is used (`runtimeSlot<T>(name)`). This module imports
 * nothing, so every layer may stand on it.
 *
 * The list below is also the inventory for running several instances (issue 29): each slot says
 * whether it is per-process by nature or is state several instances would have to share.
 */
const SLOTS = {
  sqlite: 'the SQLite connection (lib/storage/sqlite/client.ts) — per process; the engine has one writer',
  postgres: 'the PostgreSQL pool of DATABASE_URL (lib/storage/current.ts) — per process; the database itself is shared',
  readPool: 'read worker threads serving lists and searches (lib/storage/sqlite/connection/read-pool.ts) — per process',
  readGate: 'how many list/search reads run at once on PostgreSQL (lib/storage/read-gate.ts) — per process',
  readSignal:
    'the async context carrying a read\'s abort signal (the client went away) to the PostgreSQL pool (lib/storage/read-signal.ts) — per process',
  checkpointer: 'the WAL checkpoint thread (lib/storage/sqlite/connection/checkpointer.ts) — per process (SQLite)',
  chainClient: 'the chain driver built from the settings (lib/chain/index.ts) — per process',
  chainWorker:
    'the receipt worker timer (lib/jobs/chain-worker.ts) — claims with leases (lib/storage/chain-claims.ts), safe with several instances',
  chainInstanceId: 'this process\'s name on ledger leases (lib/chain/instance.ts) — per process',
  nonceLocks:
    'one promise chain per (chain, wallet) queueing this process\'s own submissions (lib/chain/nonce-lock.ts) — per process; across instances the wallet\'s chain_nonces row is locked in the database',
  chainInFlight: 'ledger rows whose send is in progress here (lib/chain/settle.ts) — per process',
  ledgerListeners: 'listeners of every ledger state change (lib/chain/state.ts) — per process',
  mailWorker:
    'the outgoing mail worker (lib/mail/worker.ts) — claims with leases (lib/mail/queue.ts), safe with several instances',
  webhookWorker:
    'the webhook delivery worker (lib/jobs/webhook-worker.ts) — claims with leases, safe with several instances',
  webhookKick: 'starts a webhook pass right after a commit (lib/webhooks/emit.ts) — per process',
  webhookLoaders:
    'how each resource is read for a webhook message (lib/webhooks/emit.ts) — per process',
  webhookStoreLoaders:
    'how each resource of a service on the Store is read for a webhook message (lib/webhooks/emit.ts) — per process',
  webhookLedgerUnsubscribe:
    'the webhook listener on the ledger (lib/wiring/webhooks.ts) — per process',
  shutdownHooks: 'what SIGTERM runs before the database closes (lib/shutdown.ts) — per process',
  forwardedWarning:
    'when X-Forwarded-For was last seen without TRUSTED_PROXIES (lib/http/forwarded-warning.ts) — per process',
  auth: 'the Better Auth instance for the open database (lib/auth/server.ts) — per process',
  rateLimiters:
    'request budgets and sign-in locks (lib/storage/rate-limiters.ts) — per process on SQLite (one process); on PostgreSQL the limiter objects only, the budgets counted in the database and shared by every instance (memory only as insurance while the database is down)',
  apiKeyTouches:
    'when this process last recorded each API key\'s use (lib/api-keys/service.ts) — per process; it only spares writes (at most one a minute per key and instance)',
  listCaches:
    'cached totals, paging anchors and plans of lists and searches, each tagged with its write generation (lib/storage/list-caches.ts) — per process and read worker; they spare reads only, a stale entry is never served',
  prewarm: 'whether the start-up pre-read of the SQLite file was stopped (lib/storage/sqlite/connection/prewarm.ts) — per process',
  personalMail:
    'the SMTP sender and in-memory retries of password mails (lib/mail/personal.ts) — per process; a retry dies with its process',
} as const;

export type RuntimeSlotName = keyof typeof SLOTS;

export type RuntimeSlot<T> = {
  get(): T | undefined;
  set(value: T | undefined): void;
  /** The slot's value, made by `make` the first time. */
  getOrCreate(make: () => T): T;
};

const root = globalThis as unknown as { __cl2cRuntime?: Map<RuntimeSlotName, unknown> };
const state = (root.__cl2cRuntime ??= new Map<RuntimeSlotName, unknown>());

export function runtimeSlot<T>(name: RuntimeSlotName): RuntimeSlot<T> {
  return {
    get: () => state.get(name) as T | undefined,
    set: (value) => {
      if (value === undefined) state.delete(name);
      else state.set(name, value);
    },
    getOrCreate: (make) => {
      if (!state.has(name)) state.set(name, make());
      return state.get(name) as T;
    },
  };
}

/** Every slot, what it holds, and whether this process has it set now. */
export function describeRuntime(): { name: RuntimeSlotName; holds: string; set: boolean }[] {
  return (Object.keys(SLOTS) as RuntimeSlotName[]).map((name) => ({
    name,
    holds: SLOTS[name],
    set: state.has(name),
  }));
}
