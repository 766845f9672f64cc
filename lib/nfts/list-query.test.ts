import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/cl2c/nft/route';
import { call, createTestOrg } from '@/test/helpers';

describe('A5 GET /cl2c/nft?contractId=', () => {
  it('a contractId that is not a contract id is 400 naming the field', async () => {
    const org = await createTestOrg();
    const res = await call(GET, { headers: { 'x-api-key': org.apiKey }, query: { contractId: 'bad' } });
    expect(res.status).toBe(400);
    expect(res.json.details.join('\n')).toMatch(/^contractId: must be a contract id/m);
  });

  it('a well-formed id of no contract is an empty page', async () => {
    const org = await createTestOrg();
    const res = await call(GET, { headers: { 'x-api-key': org.apiKey }, query: { contractId: crypto.randomUUID() } });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual([]);
  });
});
