import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { resetEnvCache } from '@/lib/env';
import { clientAddress, parseTrustedProxies } from '@/lib/http/client-address';
import { resetUntrustedForwarded } from '@/lib/http/forwarded-warning';
import { stampPeer } from '@/lib/http/peer';

afterEach(() => {
  delete process.env.SMTP_URL;
  resetEnvCache();
});

async function readyJson() {
  const res = await ready();
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as Record<string, any> };
}

describe('GET /api/health', () => {
  it('answers ok, uncached', async () => {
    const res = health();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/ready', () => {
  it('ready with a writable, migrated database and no mail configured', async () => {
    const { status, body } = await readyJson();
    expect(status).toBe(200);
    expect(body.status).toBe('ready');
    // The file's engine (the test runs in both Vitest projects).
    const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
    expect(body.engine).toBe(engine);
    expect(body.checks.database).toEqual({ status: 'ok' });
    expect(body.checks.migrations.status).toBe('ok');
    expect(body.checks.limits).toEqual({ status: 'ok', detail: engine === 'postgres' ? 'request budgets shared in the database' : 'request budgets in memory (one process)' });
    expect(body.checks.mail.status).toBe('not_configured');
    expect(body.checks.chain).toMatchObject({ status: 'ok' });
  });

  it('checks a real SMTP server, and 503 when it is gone — without leaking its URL or password', async () => {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, done) => done(null, { user: auth.username }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    process.env.SMTP_URL = `smtp://mailer:hunter2-secret@127.0.0.1:${port}`;
    resetEnvCache();
    const up = await readyJson();
    expect(up.status).toBe(200);
    expect(up.body.checks.mail).toEqual({ status: 'ok' });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const down = await readyJson();
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('not_ready');
    expect(down.body.checks.mail.status).toBe('error');
    expect(down.text).not.toMatch(/hunter2|mailer:|127\.0\.0\.1/);
  });
});

describe('X-Forwarded-For without TRUSTED_PROXIES (issue 26 finding 6)', () => {
  it('is logged once per interval and reported by /api/ready as a warning (still ready)', async () => {
    resetUntrustedForwarded();
    expect((await readyJson()).body.checks.proxy).toEqual({ status: 'ok', detail: 'no forwarded requests seen' });
    // The server stamps every request (and sets X-Forwarded-For itself): plain requests are no warning.
    const raw = (headers: Record<string, string>) => ({ headers: { ...headers }, socket: { remoteAddress: '203.0.113.9' } }) as unknown as IncomingMessage;
    for (let i = 0; i < 3; i++) {
      const req = raw({ host: 'admin.example' });
      stampPeer(req, parseTrustedProxies(undefined));
      clientAddress(new Headers(req.headers as Record<string, string>));
    }
    expect((await readyJson()).body.checks.proxy).toEqual({ status: 'ok', detail: 'no forwarded requests seen' });
    const quiet = process.env.CL2C_QUIET_LOGS;
    delete process.env.CL2C_QUIET_LOGS;
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (let i = 0; i < 3; i++) stampPeer(raw({ host: 'admin.example', 'x-forwarded-for': '198.51.100.7' }), parseTrustedProxies(undefined));
      const lines = write.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('TRUSTED_PROXIES is unset'));
      expect(lines).toHaveLength(1);
    } finally {
      write.mockRestore();
      if (quiet !== undefined) process.env.CL2C_QUIET_LOGS = quiet;
    }
    const { status, body } = await readyJson();
    expect(status).toBe(200);
    expect(body.checks.proxy.status).toBe('warning');
    expect(body.checks.proxy.detail).toMatch(/X-Forwarded-For received without TRUSTED_PROXIES/);
    process.env.TRUSTED_PROXIES = '203.0.113.9';
    resetEnvCache();
    expect((await readyJson()).body.checks.proxy.status).toBe('ok');
    delete process.env.TRUSTED_PROXIES;
  });
});
