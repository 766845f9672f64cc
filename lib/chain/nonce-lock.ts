import { runtimeSlot } from '@/lib/runtime';

/**
 * One queue per signing address: choosing a nonce, signing, recording and broadcasting run one
 * after another for an address, so parallel requests of one organization take consecutive nonces.
 * In-process (one server per database); the ledger's hash index catches anything else.
 */
const tails = runtimeSlot<Map<string, Promise<unknown>>>('nonceLocks').getOrCreate(() => new Map());

export function withAddressLock<T>(address: string, work: () => Promise<T>): Promise<T> {
  const key = address.toLowerCase();
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
