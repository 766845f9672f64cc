import { E2E_BASE_URL } from './env';
import { expect, test } from './fixtures';

/**
 * The cross-site write check compares Origin with the host the client asked for. A client that is
 * not a trusted proxy (here: the test runner itself; TRUSTED_PROXIES is empty) cannot move that
 * host with X-Forwarded-Host: scripts/serve.ts drops the header, so a cookie write whose Origin
 * matches the forged host is still cross-site → 403, and nothing is written.
 */
test('a forged X-Forwarded-Host from an untrusted peer does not pass the cross-site write check', async ({ request, unique }) => {
  const forged = await request.post('/api/v1/cl2c/contract', {
    headers: { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    data: { name: `Forged ${unique}`, symbol: 'EVIL' },
  });
  expect(forged.status(), await forged.text()).toBe(403);

  // Control: the same cookie write from the app's own origin is accepted, so the 403 above is the
  // origin check and not a missing session.
  const same = await request.post('/api/v1/cl2c/contract', {
    headers: { origin: E2E_BASE_URL },
    data: { name: `Same origin ${unique}`, symbol: 'OK' },
  });
  expect(same.status(), await same.text()).toBe(201);

  const list = await request.get(`/api/v1/cl2c/contract?search=${encodeURIComponent(unique)}&limit=50`);
  expect(list.status()).toBe(200);
  const names = ((await list.json()) as { data: { name: string }[] }).data.map((c) => c.name);
  expect(names).toEqual([`Same origin ${unique}`]);
});
