import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { E2EOrg } from './env';

/**
 * A production server process of its own (scripts/serve.ts over the BUILT app) for the crash and
 * shutdown tests. It runs as ONE node process (`node --import tsx`, not the tsx wrapper, which
 * would fork a child that outlives a SIGKILL of the wrapper), so a signal hits the server itself.
 */
export type ServerHandle = { child: ChildProcess; exited: Promise<number | null>; stderr: () => string };

export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    DATABASE_PATH: path.join(dataDir, 'cl2c.db'),
    APP_URL: `http://127.0.0.1:${port}`,
    AUTH_SECRET: 'e2e-only-secret-0123456789abcdef0123456789abcdef',
    NEXT_TELEMETRY_DISABLED: '1',
    SIGNIN_MAX_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
}

export async function startServer(env: Record<string, string>): Promise<ServerHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `${env.APP_URL}/api/health`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) while starting:\n${err}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in 60 s:\n${err}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, exited, stderr: () => err };
}

/** An organization made by the real provisioning CLI against the given server's files. */
export function provisionOrgIn(env: Record<string, string>, label: string): E2EOrg {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const adminPassword = `e2e-password-${stamp}`;
  const stdout = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/cli.ts',
      'org',
      'create',
      '--name',
      `${label} ${stamp}`,
      '--tenant',
      `dur-${stamp}`,
      '--admin-email',
      `dur-admin-${stamp}@example.test`,
      '--admin-password',
      adminPassword,
      '--json',
    ],
    { env: { ...process.env, ...env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return { ...(JSON.parse(stdout) as Omit<E2EOrg, 'adminPassword'>), adminPassword };
}
