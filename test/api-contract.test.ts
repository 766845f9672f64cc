import { describe, expect, it } from 'vitest';
import { GET as listContracts } from '@/app/api/v1/cl2c/contract/route';
import { checkDocumented, documentValidators, routeFiles, routeIndex } from './api-contract';
import { call, createTestOrg } from './helpers';

const json = (body: unknown, status = 200, type = 'application/json') => ({
  status,
  headers: new Headers({ 'content-type': type, 'x-request-id': 'r1' }),
  text: JSON.stringify(body),
});

describe('the response check behind call()', () => {
  it('passes a real documented response and fails each kind of drift', async () => {
    const org = await createTestOrg();
    const ok = await call(listContracts, { headers: { 'x-api-key': org.apiKey } });
    expect(ok.status).toBe(200);
    const page = ok.json;
    const a = documentValidators().A;
    expect(a.responseProblems('get', '/cl2c/contract', json(page))).toEqual([]);
    const contract = { id: 'c1', name: 'n', symbol: 'S', description: null, network: 'POLYGON', env: 'TESTNET', status: 'CREATED', contractAddress: null, deployedAt: null, metadata: {}, creatorAddress: null, deploymentTransactionHash: null, deploymentLogs: null, totalNFTs: 0, createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z' };
    const withItem = { ...page, data: [contract] };
    expect(a.responseProblems('get', '/cl2c/contract', json(withItem))).toEqual([]);
    const cases: [string, ReturnType<typeof json>, RegExp][] = [
      ['undocumented field', json({ ...withItem, data: [{ ...contract, secret: 1 }] }), /must NOT have additional properties \("secret"\)/],
      ['missing field', json({ ...withItem, data: [{ ...contract, name: undefined }] }), /must have required property 'name'/],
      ['null object', json({ ...withItem, data: [{ ...contract, metadata: null }] }), /\/data\/0\/metadata must be object/],
      ['wrong enum', json({ ...withItem, data: [{ ...contract, status: 'GONE' }] }), /\/data\/0\/status must be equal to one of the allowed values/],
      ['undocumented status', json({ error: 'x', details: [] }, 418), /status not documented/],
      ['wrong content type', json(page, 200, 'text/plain'), /content-type "text\/plain" not documented/],
      ['missing x-request-id', { ...json(page), headers: new Headers({ 'content-type': 'application/json' }) }, /required header x-request-id missing/],
    ];
    for (const [label, res, message] of cases) {
      expect(a.responseProblems('get', '/cl2c/contract', res).join('\n'), label).toMatch(message);
    }
    await expect(checkDocumented(listContracts, json({ ...withItem, data: [{ ...contract, secret: 1 }] }))).rejects.toThrow(/secret/);
  });
});

describe('coverage', () => {
  it('every method of every Family A and B route file is a documented operation', async () => {
    const index = await routeIndex();
    const validators = documentValidators();
    const undocumented = [...index.values()]
      .filter((t) => !t.path.endsWith('/openapi.json'))
      .filter((t) => !validators[t.family].operation(t.method, t.path))
      .map((t) => `${t.family} ${t.method.toUpperCase()} ${t.path}`);
    expect(undocumented).toEqual([]);
    expect(routeFiles().length).toBeGreaterThan(10);
  });
});
