import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as inviteGET, POST as invitePOST } from '@/app/api/invite/[token]/route';
import { DELETE, GET as getOne, PUT } from '@/app/api/v1/cl2c/user/[id]/route';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { GET as list } from '@/app/api/v1/cl2c/user/route';
import { GET as outboxGET } from '@/app/api/v1/console/outbox/route';
import { wallets } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { invitationLinks } from '@/lib/mail/outbox';
import { unsealWalletKey } from '@/lib/wallets/service';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';

/**
 * Wallet private keys (sealed or in clear) must never leave the service: not in any response of
 * the members / invitation endpoints, and not in any log line, including error paths.
 */
describe('wallet keys never appear in responses or logs', () => {
  const seen: string[] = [];
  let restoreQuiet: string | undefined;
  const writes = vi.spyOn(process.stderr, 'write');
  const outWrites = vi.spyOn(process.stdout, 'write');

  beforeAll(() => {
    restoreQuiet = process.env.CL2C_QUIET_LOGS;
    process.env.CL2C_QUIET_LOGS = '0'; // every log level is written
  });
  afterAll(() => {
    process.env.CL2C_QUIET_LOGS = restoreQuiet;
    writes.mockRestore();
    outWrites.mockRestore();
  });

  it('over a whole invite → register → list → detail → update → remove cycle', async () => {
    const org = await createTestOrg();
    const h = { 'x-api-key': org.apiKey };
    const record = <R extends { text: string }>(res: R): R => {
      seen.push(res.text);
      return res;
    };
    const email = `secret-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const invited = record(await call(bulk, { method: 'POST', headers: h, body: { users: [{ email }, { email: 'bad' }] } }));
    const outbox = record(await call(outboxGET, { headers: await adminSessionHeaders(org.admin.email) }));
    const token = invitationLinks(outbox.json.data[0].text)[0]!.split('/invite/')[1]!;
    record(await call(inviteGET, { params: { token } }));
    record(await call(invitePOST, { method: 'POST', params: { token }, body: { firstName: 'x' } }));
    const reg = record(
      await call(invitePOST, { method: 'POST', params: { token }, body: { firstName: 'Sec', lastName: 'Ret', userName: `secret.${crypto.randomUUID().slice(0, 6)}`, password: 'secret password 1' } }),
    );
    expect(reg.status).toBe(200);
    const id = reg.json.memberId as string;
    record(await call(list, { headers: h }));
    record(await call(list, { headers: h, query: { hasWallet: 'true', sortBy: 'email' } }));
    record(await call(getOne, { headers: h, params: { id } }));
    record(await call(PUT, { method: 'PUT', headers: h, params: { id }, body: { resend: true } }));
    record(await call(PUT, { method: 'PUT', headers: h, params: { id }, body: { email: `changed-${email}` } }));
    record(await call(getOne, { headers: h, params: { id: invited.json.data.results[0].id } }));
    record(await call(DELETE, { method: 'DELETE', headers: h, params: { id } }));
    record(await call(getOne, { headers: h, params: { id } }));
    record(await call(inviteGET, { params: { token } }));

    const logged = [...writes.mock.calls, ...outWrites.mock.calls].map((c) => String(c[0]));
    const haystack = [...seen, ...logged].join('\n').toLowerCase();
    const rows = await (await getStore()).select().from(wallets);
    expect(rows.length).toBeGreaterThan(0);
    let checked = 0;
    for (const w of rows) {
      if (!w.encryptedPrivateKey) continue;
      const clear = unsealWalletKey(w.encryptedPrivateKey).toLowerCase();
      expect(clear).toMatch(/^0x[0-9a-f]{64}$/);
      expect(haystack).not.toContain(clear.slice(2));
      expect(haystack).not.toContain(w.encryptedPrivateKey.toLowerCase());
      checked += 1;
    }
    expect(checked).toBeGreaterThan(1);
    expect(haystack).not.toMatch(/privatekey|encrypted_private_key/);
    // The registered member's address *is* returned — the check above is about keys only.
    expect(haystack).toContain((reg.json.walletAddress as string).toLowerCase());
  });
});
