import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenTransfers } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { loadEnv, resetEnvCache } from '@/lib/env';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import { call, createTestOrg } from '@/test/helpers';
import { POST as createContractRoute } from '@/app/api/v1/cl2c/contract/route';
import { GET as getContractRoute } from '@/app/api/v1/cl2c/contract/[id]/route';
import { POST as deployRoute } from '@/app/api/v1/cl2c/contract/[id]/deploy/route';
import { POST as sendRoute } from '@/app/api/v1/cl2c/token/route';
import { GET as getTransferRoute } from '@/app/api/v1/cl2c/token/[id]/route';
import { POST as cancelRoute } from '@/app/api/v1/cl2c/token/[id]/cancel/route';
import { GET as walletRoute } from '@/app/api/v1/cl2c/wallet/route';

/** CHAIN=local tells the truth: a simulated balance that sends cannot exceed, and "never broadcast" on every record. */
type Org = Awaited<ReturnType<typeof createTestOrg>>;
let org: Org;
const h = () => ({ 'x-api-key': org.apiKey });
let memberId: string;

beforeAll(async () => {
  org = await createTestOrg();
  const label = crypto.randomUUID().slice(0, 8);
  memberId = (
    await (await getStore()).transaction((tx) =>
      registerUserInOrganizationIn(tx, org.organization.id, { email: `l-${label}@example.test`, firstName: 'L', lastName: label, userName: `l_${label}` }),
    )
  ).membershipId;
});

afterEach(() => {
  delete process.env.LOCAL_CHAIN_BALANCE;
  resetEnvCache();
});

const send = (amount: number) => call(sendRoute, { method: 'POST', headers: h(), body: { memberId, amount } });

describe('CHAIN=local simulated balance (LOCAL_CHAIN_BALANCE)', () => {
  it('refuses a send above the wallet’s simulated balance with 409 naming amount, writing nothing; the balance goes down with every send', async () => {
    const rowsBefore = (await (await getStore()).select().from(tokenTransfers)).length;
    const refused = await send(99_999_999);
    expect(refused.status).toBe(409);
    expect(refused.json.details[0]).toMatch(/^amount: 99999999 exceeds the simulated balance 1000 of wallet 0x/);
    expect((await (await getStore()).select().from(tokenTransfers)).length).toBe(rowsBefore);

    const ok = await send(400);
    expect(ok.json).toMatchObject({ success: true, status: 'SIGNED', state: 'signed', broadcast: false });
    const wallet = await call(walletRoute, { headers: h() });
    // 1000 − 400 − gas of 21,000 at the 60 gwei fee cap.
    expect(wallet.json.balance).toBe('599.99874');
    expect((await send(600)).status).toBe(409);
    expect((await send(599)).status).toBe(200);
  });

  it('the setting seeds the balance and is validated at start', async () => {
    process.env.LOCAL_CHAIN_BALANCE = '0';
    resetEnvCache();
    const other = await createTestOrg();
    const res = await call(walletRoute, { headers: { 'x-api-key': other.apiKey } });
    expect(res.json.balance).toBe('0');
    expect(() => loadEnv({ LOCAL_CHAIN_BALANCE: '-5' })).toThrow(/LOCAL_CHAIN_BALANCE: must be a non-negative decimal/);
    expect(() => loadEnv({ LOCAL_CHAIN_BALANCE: 'lots' })).toThrow(/LOCAL_CHAIN_BALANCE/);
    expect(() => loadEnv({ CHAIN_FEE_BUMP_PERCENT: '5' })).toThrow(/CHAIN_FEE_BUMP_PERCENT: must be at least 10/);
    expect(() => loadEnv({ CHAIN_CONFIRMATIONS: '137:0' })).toThrow(/CHAIN_CONFIRMATIONS: every depth must be 1–1000 blocks/);
    expect(() => loadEnv({ CHAIN_CONFIRMATIONS: 'many' })).toThrow(/CHAIN_CONFIRMATIONS/);
    expect(() => loadEnv({ CHAIN_STUCK_SECONDS: '1' })).toThrow(/CHAIN_STUCK_SECONDS/);
    expect(loadEnv({ CHAIN_CONFIRMATIONS: '137:64,80002:5' }).CHAIN_CONFIRMATIONS).toBe('137:64,80002:5');
  });
});

describe('signed but never broadcast, said on every record', () => {
  it('a send: GET /cl2c/token/{id} says signed, not broadcast, not pending; cancel is 409 (nothing on a network)', async () => {
    const sent = await send(0.5);
    expect(sent.status, sent.text).toBe(200);
    const id = sent.json.transferId as string;
    const detail = await call(getTransferRoute, { headers: h(), params: { id } });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.json).toMatchObject({ status: 'SIGNED', state: 'signed', broadcast: false, note: expect.stringMatching(/NOT broadcast/) });
    expect(detail.json.chainTransaction).toMatchObject({ chain: 'local', broadcast: false, state: 'signed', pending: false, transactions: [{ purpose: 'original', broadcast: false }] });
    const cancel = await call(cancelRoute, { method: 'POST', headers: h(), params: { id } });
    expect(cancel.status).toBe(409);
  });

  it('a deployment: the contract record carries the chain facts with broadcast false', async () => {
    const created = await call(createContractRoute, { method: 'POST', headers: h(), body: { name: 'Local', symbol: 'LCL' } });
    const deployed = await call(deployRoute, { method: 'POST', headers: h(), params: { id: created.json.id as string } });
    expect(deployed.status, deployed.text).toBe(200);
    expect(deployed.json).toMatchObject({ status: 'DEPLOYED', chainTransaction: { kind: 'deploy', chain: 'local', broadcast: false, state: 'signed' } });
    const read = await call(getContractRoute, { headers: h(), params: { id: created.json.id as string } });
    expect(read.json.chainTransaction).toMatchObject({ broadcast: false, transactionHash: deployed.json.deploymentTransactionHash });
  });
});
