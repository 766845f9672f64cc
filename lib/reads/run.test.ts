import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { getStore } from '@/lib/storage/current';
import { activeReadGate, startReadGate } from '@/lib/storage/read-gate';
import { startEngineServices } from '@/lib/storage/server';
import { createTestOrg } from '@/test/helpers';
import { runRead } from './run';

const query = { sortBy: 'createdAt', sortOrder: 'desc', page: 1, limit: 10, search: null } as const;

describe('runRead through the read gate', () => {
  afterEach(() => {
    delete process.env.PG_READ_SLOTS;
    resetEnvCache();
  });

  it('waits for a slot while the gate is full, then answers', async () => {
    const org = await createTestOrg();
    const stop = startReadGate(1);
    try {
      let release!: () => void;
      const held = activeReadGate()!.run(undefined, () => new Promise<void>((resolve) => (release = resolve)));
      let answered = false;
      const read = runRead(undefined, 'listContracts', org.organization.id, query).then((r) => ((answered = true), r));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answered).toBe(false);
      release();
      await held;
      expect((await read).pagination.total).toBe(0);
    } finally {
      stop();
    }
  });

  it.runIf(process.env.DATABASE_URL)('a PostgreSQL server starts the gate with PG_READ_SLOTS slots (0: none)', async () => {
    const store = await getStore();
    process.env.PG_READ_SLOTS = '4';
    resetEnvCache();
    let stop = startEngineServices(store);
    expect(activeReadGate()?.slots).toBe(4);
    await stop();
    expect(activeReadGate()).toBeUndefined();
    process.env.PG_READ_SLOTS = '0';
    resetEnvCache();
    stop = startEngineServices(store);
    expect(activeReadGate()).toBeUndefined();
    await stop();
  });
});
