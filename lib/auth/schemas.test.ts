import { describe, expect, it } from 'vitest';
import { POST } from '@/app/api/auth/[...all]/route';
import { getAdminFromHeaders, getPersonFromHeaders } from '@/lib/auth/session';
import { userOrganizations, users } from '@/lib/storage/tables';
import { setPassword } from '@/lib/auth/passwords';
import { createTestOrg } from '@/test/helpers';
import { safeNextPath } from './next-path';
import { signInBody, signInFailureMessage } from './schemas';
import { getStore } from '@/lib/storage/current';

function signIn(email: string, password: string, ip: string) {
  return POST(
    new Request('http://127.0.0.1:3999/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://127.0.0.1:3999',
        'x-forwarded-for': ip,
      },
      body: JSON.stringify({ email, password }),
    }),
  );
}

describe('signInBody', () => {
  it('requires a valid e-mail and a password', () => {
    expect(signInBody.safeParse({ email: ' a@b.co ', password: 'x' }).data).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
    const bad = signInBody.safeParse({ email: 'nope', password: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'email: must be a valid e-mail address',
      'password: is required',
    ]);
  });
});

describe('safeNextPath', () => {
  it('follows only same-site console paths', () => {
    expect(safeNextPath('/contracts?status=DEPLOYED')).toBe('/contracts?status=DEPLOYED');
    for (const bad of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      '/login?next=/x',
      '/api/v1/cl2c/contract',
      undefined,
      ['/a'],
    ]) {
      expect(safeNextPath(bad)).toBe('/overview');
    }
  });
});

describe('signInFailureMessage against the real Better Auth answers', () => {
  it('wrong password → "Wrong e-mail or password."', async () => {
    const org = await createTestOrg();
    const res = await signIn(org.admin.email, 'not the password', '10.9.0.1');
    expect(res.status).toBe(401);
    expect(signInFailureMessage(res.status, undefined)).toBe('Wrong e-mail or password.');
  });

  it('a member who is not OWNER/ADMIN signs in (to prove who they are) but the console refuses the session', async () => {
    const org = await createTestOrg();
    const store = await getStore();
    const [member] = await store
      .insert(users)
      .values({ email: `plain-${crypto.randomUUID()}@example.test`, name: 'Plain' })
      .returning();
    await store.insert(userOrganizations).values({ organizationId: org.organization.id, userId: member!.id, role: 'MEMBER' });
    await setPassword(store, member!.id, 'member password 1');
    const res = await signIn(member!.email, 'member password 1', '10.9.0.2');
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(await getAdminFromHeaders(new Headers({ cookie }))).toBeNull();
    expect(await getPersonFromHeaders(new Headers({ cookie }))).toMatchObject({ userId: member!.id });
  });

  it('an account with no ACTIVE membership → 403 with the server’s reason', async () => {
    const store = await getStore();
    const [loner] = await store.insert(users).values({ email: `loner-${crypto.randomUUID()}@example.test`, name: 'Loner' }).returning();
    await setPassword(store, loner!.id, 'loner password 1');
    const res = await signIn(loner!.email, 'loner password 1', '10.9.0.3');
    expect(res.status).toBe(403);
    const body = (await res.json()) as { message: string };
    expect(signInFailureMessage(res.status, body.message)).toBe('This account is not a member of any organization.');
    expect(res.headers.getSetCookie().join(';')).not.toMatch(/session_token=[^;]/);
  });

  it('throttled → "Too many attempts…"', () => {
    expect(signInFailureMessage(429, 'Too many requests')).toBe(
      'Too many attempts. Wait a minute, then try again.',
    );
  });
});
