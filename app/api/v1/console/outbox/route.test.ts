import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as bulk } from '@/app/api/v1/cl2c/user/bulk/route';
import { getDb } from '@/db/client';
import { outboxEmails } from '@/db/schema';
import { resetEnvCache } from '@/lib/env';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { GET } from './route';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
let session: Record<string, string>;

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  const emails = ['one@outbox.test', 'two@outbox.test', 'three@outbox.test'];
  const res = await call(bulk, { method: 'POST', headers: { 'x-api-key': org.apiKey }, body: { users: emails.map((email) => ({ email })) } });
  expect(res.status).toBe(200);
  await call(bulk, { method: 'POST', headers: { 'x-api-key': other.apiKey }, body: { users: [{ email: 'theirs@outbox.test' }] } });
  getDb().update(outboxEmails).set({ status: 'SENT', attempts: 1, sentAt: new Date() }).where(eq(outboxEmails.to, 'two@outbox.test')).run();
});

describe('GET /api/v1/console/outbox', () => {
  it('lists the organization’s mails with status, attempts, text and the invitation link', async () => {
    const res = await call(GET, { headers: session });
    expect(res.status).toBe(200);
    expect(res.json.pagination.total).toBe(3);
    expect(res.json.data.map((m: { to: string }) => m.to).sort()).toEqual(['one@outbox.test', 'three@outbox.test', 'two@outbox.test']);
    const mail = res.json.data[0];
    expect(mail).toMatchObject({ status: expect.any(String), attempts: expect.any(Number), subject: expect.stringContaining('invited') });
    expect(mail.links).toHaveLength(1);
    expect(mail.text).toContain(mail.links[0]);
    // Without SMTP the Outbox is the link's only way out: marked undelivered and for its recipient only.
    expect(mail.linkNotice).toMatch(new RegExp(`Not delivered.*for ${mail.to.replace(/\./g, '\\.')} only`));
    expect(mail).not.toHaveProperty('organizationId');
  });

  it('with SMTP configured no link is ever shown (issue 26 finding 4: the links are their recipients’ secrets)', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:3290';
    resetEnvCache();
    try {
      const res = await call(GET, { headers: session });
      expect(res.status).toBe(200);
      for (const mail of res.json.data as { text: string; links: string[]; linkNotice: string }[]) {
        expect(mail.links).toEqual([]);
        expect(mail.text).not.toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
        expect(mail.text).toMatch(/\/invite\/\[removed after delivery; token sha256 [0-9a-f]{64}\]/);
        expect(mail.linkNotice).toBe('Links are delivered only to the recipient.');
      }
    } finally {
      delete process.env.SMTP_URL;
      resetEnvCache();
    }
  });

  it('filters by status and searches the recipient; sorts oldest first on request', async () => {
    const sent = await call(GET, { headers: session, query: { status: 'SENT' } });
    expect(sent.json.data.map((m: { to: string }) => m.to)).toEqual(['two@outbox.test']);
    const found = await call(GET, { headers: session, query: { search: 'THREE' } });
    expect(found.json.data.map((m: { to: string }) => m.to)).toEqual(['three@outbox.test']);
    const desc = await call(GET, { headers: session });
    const asc = await call(GET, { headers: session, query: { sortBy: 'createdAt', sortOrder: 'asc' } });
    expect(asc.json.data.map((m: { id: string }) => m.id)).toEqual(desc.json.data.map((m: { id: string }) => m.id).reverse());
  });

  it('400 for unknown values, 401 without a key, and never another organization’s mail', async () => {
    expect((await call(GET, { headers: session, query: { status: 'LOST' } })).status).toBe(400);
    expect((await call(GET, { headers: session, query: { sortBy: 'to' } })).status).toBe(400);
    expect((await call(GET, {})).status).toBe(401);
    // Raw invitation links are for a signed-in admin only: an API key is refused.
    expect((await call(GET, { headers: { 'x-api-key': org.apiKey } })).status).toBe(403);
    const theirs = await call(GET, { headers: session, query: { search: 'theirs' } });
    expect(theirs.json.pagination.total).toBe(0);
  });
});
