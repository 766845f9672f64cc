import { runtimeSlot } from '@/lib/runtime';
import { abortReason } from './read-signal';

/**
 * At most `slots` list/search reads at once on PostgreSQL; the others wait here, in arrival order
 * (lib/reads/run.ts). Left to itself every connection runs its search at once and the database's
 * processes share the cores: ten heavy searches each took ten times as long, and the cheap requests
 * beside them (auth, lookups, writes) queued behind all ten. SQLite's read workers bound it the same
 * way. A wait whose request went away leaves the queue, rejecting with the signal's reason.
 */
export class ReadGate {
  private running = 0;
  private readonly waiting: { start: () => void; signal?: AbortSignal; onAbort?: () => void }[] = [];

  constructor(readonly slots: number) {}

  async run<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await this.wait(signal);
    else this.running++;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private wait(signal: AbortSignal | undefined): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const entry: (typeof this.waiting)[number] = { start: resolve, signal };
      if (signal) {
        entry.onAbort = () => {
          const i = this.waiting.indexOf(entry);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', entry.onAbort, { once: true });
      }
      this.waiting.push(entry);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.running--;
      return;
    }
    if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
    next.start();
  }
}

const gateSlot = runtimeSlot<ReadGate>('readGate');

/** The process's read gate, if one was started (lib/storage/server.ts). */
export function activeReadGate(): ReadGate | undefined {
  return gateSlot.get();
}

/** Starts the process's read gate (PostgreSQL servers, lib/storage/server.ts); returns how to remove it. */
export function startReadGate(slots: number): () => void {
  gateSlot.set(new ReadGate(slots));
  return () => gateSlot.set(undefined);
}
