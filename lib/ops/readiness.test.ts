import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { GET as ready } from '@/app/api/ready/route';
import { resetEnvCache } from '@/lib/env';

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
    expect(body.checks.database).toEqual({ status: 'ok' });
    expect(body.checks.migrations.status).toBe('ok');
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
