import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/**
 * Issue 31 item 7: the console's CSV export of the current filter (streamed from
 * /api/v1/console/export/*) is the organization API's list — 1,000 rows, every row and column.
 * Seeded through the API (Family A bulk invitations), not the UI. Runs once (desktop-light).
 */

type ApiMember = {
  id: string;
  kind: string;
  email: string;
  user: { name: string | null; userName: string | null };
  status: string;
  role: string;
  walletAddress: string | null;
  totalNFTs: number;
  invitation: { sendCount: number; expiresAt: string; expired: boolean } | null;
  createdAt: string;
};

const cell = (v: string | number | boolean | null | undefined) => (v == null ? '' : String(v));

test('a 1,000-row CSV export is the API’s list, row for row', async ({ page, request, apiKey, unique }) => {
  test.setTimeout(180_000);
  const domain = `exp-${unique.toLowerCase()}.example.test`;
  for (let batch = 0; batch < 10; batch++) {
    const users = Array.from({ length: 100 }, (_, i) => ({ email: `p${batch * 100 + i}@${domain}` }));
    const res = await request.post('/api/v1/cl2c/user/bulk', { headers: { 'x-api-key': apiKey }, data: { users } });
    expect(res.status()).toBe(200);
  }
  const listed: ApiMember[] = [];
  for (let p = 1; p <= 10; p++) {
    const res = await request.get('/api/v1/cl2c/user', { headers: { 'x-api-key': apiKey }, params: { search: domain, limit: 100, page: p } });
    listed.push(...((await res.json()) as { data: ApiMember[] }).data);
  }
  expect(listed).toHaveLength(1000);

  await page.goto(`/members?search=${domain}`);
  await expect(page.getByText('Showing 1–20 of 1000')).toBeVisible();
  const link = page.getByRole('link', { name: 'Export CSV' });
  expect(await link.getAttribute('href')).toMatch(/^\/api\/v1\/console\/export\/members\?/);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('id,kind,email,name,userName,status,role,walletAddress,totalNFTs,invitationSendCount,invitationExpiresAt,invitationExpired,createdAt');
  // No value here holds a comma or a quote (generated e-mails, ids, ISO times), so a plain split is exact.
  const rows = lines.slice(1).map((l) => l.split(','));
  expect(rows).toHaveLength(1000);
  const expected = listed.map((m) =>
    [
      m.id, m.kind, m.email, m.user.name, m.user.userName, m.status, m.role, m.walletAddress, m.totalNFTs,
      m.invitation?.sendCount, m.invitation?.expiresAt, m.invitation?.expired, m.createdAt,
    ].map(cell),
  );
  // Row for row, column for column, in the list's order (newest first).
  expect(rows).toEqual(expected);
  expect(rows.every((r) => r[5] === 'PENDING' && r[1] === 'invitation')).toBe(true);
});
