import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@/db/schema';
import { POST as createNftRoute, PUT as putStatus } from '@/app/api/v1/cl2c/nft/route';
import { PUT as putNftRoute } from '@/app/api/v1/cl2c/nft/[id]/route';
import { call, createTestOrg } from '@/test/helpers';
import { insertContract, insertMember } from '@/test/nft-fixtures';
import { GET } from './route';

/*
 * The split beside A6 without holders and A7 MINTED through the routes. SQLite only for now: those
 * reach the chain helper's mintIfReady and assertNftManualStatus, still on better-sqlite3; this
 * file joins test/postgres/suite.ts when they take a Store. The rest of the copyright routes is in
 * route.test.ts (both engines).
 */

let org: Awaited<ReturnType<typeof createTestOrg>>;
let contractId: string;
let a: User;
const h = () => ({ 'x-api-key': org.apiKey });

beforeAll(async () => {
  org = await createTestOrg();
  contractId = (await insertContract(org.organization.id)).id;
  a = await insertMember(org.organization.id, { userName: `status.${crypto.randomUUID().slice(0, 6)}` });
});

describe('A7 and A8 with a copyright split', () => {
  it('A7 MINTED is 409 while the split awaits; a minted NFT without holders keeps its split frozen (A8 409)', async () => {
    const split = await call(createNftRoute, {
      method: 'POST',
      headers: h(),
      body: { name: 'Split', smartContractId: contractId, licence: 'CC-BY-4.0', copyright: [{ userId: a.id, percentage: 100 }] },
    });
    expect(split.status, split.text).toBe(201);
    const solo = await call(createNftRoute, {
      method: 'POST',
      headers: h(),
      body: { name: 'Solo', smartContractId: contractId },
    });
    expect(solo.json).toMatchObject({ copyrightStatus: 'NONE', licence: null });
    expect((await call(putStatus, { method: 'PUT', headers: h(), body: { id: split.json.id, status: 'MINTED' } })).status).toBe(409);
    expect((await call(putStatus, { method: 'PUT', headers: h(), body: { id: solo.json.id, status: 'MINTED' } })).status).toBe(200);
    const frozen = await call(putNftRoute, {
      method: 'PUT',
      headers: h(),
      params: { id: solo.json.id },
      body: { copyright: [{ userId: a.id, percentage: 100 }] },
    });
    expect(frozen.status).toBe(409);
    expect(frozen.json.details).toEqual(['copyright: the NFT is MINTED']);
    expect((await call(GET, { headers: h(), params: { id: solo.json.id } })).json.shares).toEqual([]);
  });
});
