import Database from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDb, type Db } from '@/lib/storage/sqlite/client';
import { open as openSealed } from '@/lib/crypto/secret-box';
import { env } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { restorePostgres } from '@/lib/storage/postgres/backup';
import { CHAIN_KEY_PURPOSE } from '@/lib/tenants/service';

const ALL_PAGES = 2 ** 31 - 1;

export type BackupResult = { file: string; bytes: number; pages: number; integrity: 'ok' };

/**
 * `writable`: open the file read-write, so that closing this last connection checkpoints and
 * deletes its -wal/-shm (a read-only connection cannot, and left `<file>.partial-wal`/-shm behind).
 */
function integrity(file: string, writable = false): string {
  const check = new Database(file, { readonly: !writable, fileMustExist: true });
  try {
    const rows = check.pragma('integrity_check') as { integrity_check: string }[];
    const migrated = check
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get() as { n: number };
    if (migrated.n !== 1) return 'not a CL2C database (no migration table)';
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    check.close();
  }
}

/**
 * `db backup <file>`: SQLite's online backup API copies the live database page by page into a
 * consistent snapshot while the server keeps serving (writers are not blocked for long). The
 * copy is checked (`PRAGMA integrity_check`) and made readable by the owner only (it holds
 * sealed wallet keys and key hashes). An existing file is never overwritten.
 */
export async function backupDatabase(db: Db, file: string): Promise<BackupResult> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new AppError(409, `${file} already exists; choose a new file name.`);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  // All pages in one step: a step-wise copy restarts whenever the server writes in between, so
  // under steady traffic it might never finish. One step reads one consistent snapshot (WAL
  // readers do not block writers).
  const meta = await db.$client.backup(partial, { progress: () => ALL_PAGES });
  chmodSync(partial, 0o600);
  const result = integrity(partial, true);
  for (const leftover of [`${partial}-wal`, `${partial}-shm`]) rmSync(leftover, { force: true });
  if (result !== 'ok') {
    rmSync(partial, { force: true });
    throw new AppError(500, `The backup failed its integrity check: ${result}`);
  }
  renameSync(partial, target);
  const pages = meta.totalPages;
  return { file: target, bytes: pages * (db.$client.pragma('page_size', { simple: true }) as number), pages, integrity: 'ok' };
}

/**
 * The backup's sealed keys (organizations' chain keys, custodial wallets) open only with the
 * AUTH_SECRET they were sealed with. Restoring into a DATA_DIR without that secret used to start
 * fine and then answer 500 on every wallet or token call: refuse up front, saying what to copy.
 * Never generates a secret (env's authSecret() would).
 */
function checkSecretOpensBackup(source: string, file: string) {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  let sample: string | undefined;
  try {
    sample = (db.prepare('SELECT chain_key_encrypted AS k FROM organizations WHERE chain_key_encrypted IS NOT NULL LIMIT 1').get() as { k: string } | undefined)?.k;
  } finally {
    db.close();
  }
  if (!sample) return;
  const e = env();
  const secretFile = path.join(e.DATA_DIR, 'auth-secret');
  if (!e.AUTH_SECRET && !existsSync(secretFile)) {
    throw new AppError(
      409,
      `${file} holds keys sealed with the AUTH_SECRET of the server it came from, and this DATA_DIR has no auth-secret (AUTH_SECRET is unset): copy that server's auth-secret file to ${secretFile} (mode 0600) or set AUTH_SECRET, then restore again.`,
    );
  }
  try {
    openSealed(sample, CHAIN_KEY_PURPOSE);
  } catch {
    throw new AppError(
      409,
      `${file} holds keys sealed with a different AUTH_SECRET than this server's: use the auth-secret of the server the backup came from (${secretFile} or AUTH_SECRET), then restore again.`,
    );
  }
}

/**
 * `DATABASE_URL=… db restore <file>`: the same AUTH_SECRET check as on SQLite, then the file copied
 * into the empty PostgreSQL database (lib/storage/postgres/backup.ts) — a backup restored under
 * another secret would load fine and then answer 500 on every wallet or token call.
 */
export async function restorePostgresBackup(url: string, file: string) {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new AppError(404, `${file} does not exist.`);
  checkSecretOpensBackup(source, file);
  return restorePostgres(url, file);
}

/**
 * `db restore <file>`: checks the backup (integrity, a CL2C schema), then copies it over
 * DATABASE_PATH with the same backup API (so the WAL and its locks are respected), then applies
 * any migrations the backup predates. Stop the server first: a running server keeps its
 * in-memory state (rate limits, caches) and in-flight work from the replaced data.
 */
export async function restoreDatabase(databasePath: string, file: string): Promise<{ restored: string; from: string }> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new AppError(404, `${file} does not exist.`);
  const result = integrity(source);
  if (result !== 'ok') throw new AppError(400, `${file} is not a usable backup: ${result}`);
  checkSecretOpensBackup(source, file);
  const target = path.resolve(databasePath);
  mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const backup = new Database(source, { readonly: true });
  try {
    await backup.backup(target, { progress: () => ALL_PAGES });
  } finally {
    backup.close();
  }
  chmodSync(target, 0o600);
  openDb(target).$client.close(); // migrate an older backup forward
  return { restored: target, from: source };
}
