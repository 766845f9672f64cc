import { describe, expect, it } from 'vitest';
import { ReadGate } from './read-gate';

/** A read that runs until `finish` is called, recording when it started. */
function pending(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: async () => (started.push(name), await done, name) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadGate', () => {
  it('runs at most `slots` reads at once, the others in arrival order', async () => {
    const gate = new ReadGate(2);
    const started: string[] = [];
    const reads = ['a', 'b', 'c', 'd'].map((name) => pending(started, name));
    const results = reads.map((r) => gate.run(undefined, r.work));
    await tick();
    expect(started).toEqual(['a', 'b']);
    reads[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    reads[0]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    reads[2]!.finish();
    reads[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a read that fails gives its slot back', async () => {
    const gate = new ReadGate(1);
    await expect(gate.run(undefined, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(undefined, () => Promise.resolve('next'))).toBe('next');
  });

  it('a waiting read whose request went away leaves the queue with the abort reason; the others go on', async () => {
    const gate = new ReadGate(1);
    const started: string[] = [];
    const first = pending(started, 'first');
    const running = gate.run(undefined, first.work);
    const controller = new AbortController();
    const abandoned = gate.run(controller.signal, () => (started.push('abandoned'), Promise.resolve('abandoned')));
    const last = gate.run(undefined, () => (started.push('last'), Promise.resolve('last')));
    await tick();
    controller.abort();
    await expect(abandoned).rejects.toThrow(/abort/i);
    first.finish();
    expect(await running).toBe('first');
    expect(await last).toBe('last');
    expect(started).toEqual(['first', 'last']);
    const gone = new AbortController();
    gone.abort();
    const blocker = pending(started, 'blocker');
    const held = gate.run(undefined, blocker.work);
    await expect(gate.run(gone.signal, () => Promise.resolve('never'))).rejects.toThrow(/abort/i);
    blocker.finish();
    await held;
  });
});
