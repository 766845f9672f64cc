import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/cl2c/contract/route';
import { organizations, smartContracts } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { call } from '@/test/helpers';
import { seedDemoIfEmpty } from './demo';

describe('first-run demo seed', () => {
  it('creates the demo organization once, with working keys and sample contracts', async () => {
    const store = await getStore();
    const first = await seedDemoIfEmpty(store);
    expect(first).toMatchObject({ adminEmail: 'admin@demo.cl2c.local', tenant: 'demo' });
    const res = await call(GET, { headers: { 'x-api-key': first!.apiKey } });
    expect(res.status).toBe(200);
    expect(res.json.pagination.total).toBe(3);
    expect(res.json.data.map((c: { symbol: string; status: string }) => `${c.symbol} ${c.status}`).sort()).toEqual(['DART CREATED', 'DMR DEPLOYED', 'DTIX CREATED']);
    const file = path.join(process.env.DATA_DIR!, 'demo-credentials.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).apiKey).toBe(first!.apiKey);
    expect(await seedDemoIfEmpty(store)).toBeNull();
    expect(await store.select().from(organizations)).toHaveLength(1);
    expect(await store.select().from(smartContracts)).toHaveLength(3);
  });
});
