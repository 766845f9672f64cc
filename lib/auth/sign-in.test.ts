import { beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { createTestOrg } from '@/test/helpers';

let org: Awaited<ReturnType<typeof createTestOrg>>;
beforeAll(async () => {
  process.env.SIGNIN_MAX_PER_MINUTE = '3';
  org = await createTestOrg();
});

function signIn(password: string, ip: string) {
  return POST(
    new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:3999', 'x-forwarded-for': ip },
      body: JSON.stringify({ email: org.admin.email, password }),
    }),
  );
}

describe('POST /api/auth/sign-in/email', () => {
  it('signs an admin in with a session cookie', async () => {
    const res = await signIn('correct horse battery', '10.0.0.1');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join(';')).toMatch(/session_token=/);
  });

  it('throttles repeated attempts from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn('wrong password', '10.0.0.2')).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another address is not affected.
    expect((await signIn('wrong password', '10.0.0.3')).status).toBe(401);
  });
});
