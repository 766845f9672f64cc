import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '@/lib/storage/tables';
import { env, resetEnvCache } from '@/lib/env';
import { queueEmailsIn } from '@/lib/mail/outbox';
import { invitationEmail } from '@/lib/mail/templates';
import { getStore } from '@/lib/storage/current';
import { adminSessionHeaders, call, createTestOrg } from '@/test/helpers';
import { GET } from './route';

let org: Awaited<ReturnType<typeof createTestOrg>>;
let other: Awaited<ReturnType<typeof createTestOrg>>;
let session: Record<string, string>;

beforeAll(async () => {
  org = await createTestOrg();
  other = await createTestOrg();
  session = await adminSessionHeaders(org.admin.email);
  // Invitation mails as the invitations service queues them: one link each.
  const invitation = (organizationId: string, organizationName: string, to: string) => ({
    organizationId,
    to,
    ...invitationEmail({ organizationName, link: `${env().APP_URL}/invite/${randomBytes(32).toString('base64url')}`, expiresAt: new Date(Date.now() + 1e9) }),
  });
  const store = await getStore();
  const emails = ['one@outbox.test', 'two@outbox.test', 'three@outbox.test'];
  await store.transaction((tx) => queueEmailsIn(tx, emails.map((to) => invitation(org.organization.id, org.organization.name, to))));
  await queueEmailsIn(store, [invitation(other.organization.id, other.organization.name, 'theirs@outbox.test')]);
  await store.update(outboxEmails).set({ status: 'SENT', attempts: 1, sentAt: new Date() }).where(eq(outboxEmails.to, 'two@outbox.test'));
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

describe('queueEmailsIn', () => {
  it('writes PENDING mails with the transaction of their change, and none when it rolls back', async () => {
    const store = await getStore();
    const mail = (to: string) => ({ organizationId: org.organization.id, to, subject: 'Queued', text: 'body' });
    const ids = await store.transaction((tx) => queueEmailsIn(tx, [mail('kept-1@outbox.test'), mail('kept-2@outbox.test')]));
    const kept = await store.select().from(outboxEmails).where(eq(outboxEmails.subject, 'Queued'));
    expect(kept.map((m) => m.id).sort()).toEqual([...ids].sort());
    expect(kept.every((m) => m.status === 'PENDING' && m.attempts === 0 && m.html === null)).toBe(true);
    await expect(
      store.transaction(async (tx) => {
        await queueEmailsIn(tx, [mail('lost@outbox.test')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await store.select().from(outboxEmails).where(eq(outboxEmails.to, 'lost@outbox.test'))).toEqual([]);
  });
});
