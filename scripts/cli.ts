/**
 * Provisioning CLI (DESIGN §6). JSON on stdout and nothing else there; messages go to stderr.
 *   org create --name <name> [--tenant <slug>] --admin-email <email> --admin-password <pw> --json
 *   key create --org <id|tenant> --family a|b [--user <email>] [--name <n>] --json
 *   key revoke <id>
 *   key list --org <id|tenant> --json
 *   db reindex | db check   (lib/storage/sqlite/search/maintenance.ts)
 *   db backup <file> | db restore <file>   (lib/ops/backup.ts)
 *   chain reconcile   (lib/chain/reconcile.ts)
 *   db copy --from <sqlite file> --to <postgres url>   (lib/storage/postgres/copy.ts)
 *   DATABASE_URL=postgres://… db check | db reindex   (lib/storage/postgres/maintenance.ts)
 *   DATABASE_URL=postgres://… db backup <file> | db restore <file>   (lib/storage/postgres/backup.ts)
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/storage/sqlite/client';
import { userOrganizations, users } from '@/lib/storage/tables';
import { createApiKey, listApiKeys, revokeApiKey } from '@/lib/api-keys/service';
import { AppError } from '@/lib/errors';
import { runDbCommand } from '@/lib/storage/sqlite/search/maintenance';
import { env, postgresUrlProblem } from '@/lib/env';
import { backupPostgres } from '@/lib/storage/postgres/backup';
import { copySqliteToPostgres } from '@/lib/storage/postgres/copy';
import { runPostgresDbCommand } from '@/lib/storage/postgres/maintenance';
import { backupDatabase, restoreDatabase, restorePostgresBackup } from '@/lib/ops/backup';
import { createOrganization, findOrganization } from '@/lib/tenants/service';
import { closeStore, getStore } from '@/lib/storage/current';
import type { Store } from '@/lib/storage/store';
import { and } from 'drizzle-orm';

const USAGE = `usage:
  cli org create --name <name> [--tenant <slug>] --admin-email <email> --admin-password <pw> --json
  cli key create --org <id|tenant> --family a|b [--user <email>] [--name <n>] --json
  cli key revoke <id>
  cli key list --org <id|tenant> --json
  cli db reindex    rebuild search indexes, counters and stored totals from the base tables
  cli db check      verify them; exits 1 on any drift
  cli db backup <file>     (online, consistent while the server runs)
  cli db restore <file>    (stop the server first)
  cli chain reconcile      after the node changed chains: orphan what is gone, record the new chain, resume sending
  cli db copy --from <sqlite file> --to <postgres url>   copy every table to an empty PostgreSQL database
With DATABASE_URL=postgres://… set, org create, key create/revoke/list, db check, db reindex,
db backup (to a portable SQLite file), db restore (into an empty database) and chain reconcile run
on PostgreSQL.`;

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new UsageError(`--${name} is required`);
  return v;
}

async function run(argv: string[]): Promise<unknown> {
  const [group, command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      tenant: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      org: { type: 'string' },
      family: { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  if (group === 'db' && command === 'copy') {
    const to = required(values, 'to');
    const problem = postgresUrlProblem(to);
    if (problem) throw new UsageError(`--to ${problem}`);
    return copySqliteToPostgres(required(values, 'from'), to);
  }
  if (group === 'chain' && command === 'reconcile') {
    const { getChainClient } = await import('@/lib/chain');
    const { reconcileChain } = await import('@/lib/chain/reconcile');
    const store = await getStore();
    try {
      return await reconcileChain(store, getChainClient());
    } finally {
      await closeStore();
    }
  }
  if (group === 'org' || group === 'key') {
    const store = await getStore();
    try {
      return await organizationCommand(store, group, command, values, positionals);
    } finally {
      await closeStore();
    }
  }
  const databaseUrl = env().DATABASE_URL;
  if (databaseUrl) {
    if (group === 'db' && (command === 'check' || command === 'reindex')) return runPostgresDbCommand(databaseUrl, command);
    if (group === 'db' && (command === 'backup' || command === 'restore')) {
      const file = positionals[0];
      if (!file) throw new UsageError(`db ${command} needs a file name`);
      return command === 'backup' ? backupPostgres(databaseUrl, file) : restorePostgresBackup(databaseUrl, file);
    }
    throw new UsageError(
      `DATABASE_URL is set: on PostgreSQL the CLI runs org, key, chain reconcile, db copy, db check, db reindex, db backup and db restore so far; unset it to run ${[group, command].filter(Boolean).join(' ')} on SQLite`,
    );
  }
  if (group === 'db' && (command === 'backup' || command === 'restore')) {
    const file = positionals[0];
    if (!file) throw new UsageError(`db ${command} needs a file name`);
    return command === 'backup' ? backupDatabase(getDb(), file) : restoreDatabase(env().DATABASE_PATH, file);
  }
  const db = getDb();
  if (group === 'db') {
    const result = runDbCommand(db.$client, command);
    if (result !== undefined) return result;
  }
  throw new UsageError(`unknown command: ${[group, command].filter(Boolean).join(' ') || '(none)'}`);
}

run(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  },
  (error: unknown) => {
    if (error instanceof UsageError) process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
    else if (error instanceof AppError) process.stderr.write(`error: ${error.message}\n${error.details.map((d) => `  ${d}`).join('\n')}\n`);
    else process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);

/** org and key commands: on the Store, so on either engine. */
async function organizationCommand(
  store: Store,
  group: string,
  command: string | undefined,
  values: { name?: string; tenant?: string; 'admin-email'?: string; 'admin-password'?: string; org?: string; family?: string; user?: string },
  positionals: string[],
): Promise<unknown> {
  if (group === 'org' && command === 'create') {
    return createOrganization(store, {
      name: required(values, 'name'),
      tenant: values.tenant,
      adminEmail: required(values, 'admin-email'),
      adminPassword: required(values, 'admin-password'),
    });
  }
  if (group === 'key' && command === 'create') {
    const org = await findOrganization(store, required(values, 'org'));
    const family = required(values, 'family').toUpperCase();
    if (family !== 'A' && family !== 'B') throw new UsageError('--family must be a or b');
    const [owner] = values.user
      ? await store
          .select({ id: users.id })
          .from(users)
          .innerJoin(userOrganizations, eq(userOrganizations.userId, users.id))
          .where(and(eq(users.email, values.user.toLowerCase()), eq(userOrganizations.organizationId, org.id)))
      : await store
          .select({ id: userOrganizations.userId })
          .from(userOrganizations)
          .where(and(eq(userOrganizations.organizationId, org.id), eq(userOrganizations.role, 'OWNER')));
    if (!owner) throw new UsageError(values.user ? `${values.user} is not a member of ${org.tenant}` : `${org.tenant} has no owner`);
    return createApiKey(store, {
      organizationId: org.id,
      userId: owner.id,
      family,
      name: values.name ?? `CLI key (Family ${family})`,
    });
  }
  if (group === 'key' && command === 'revoke') {
    const id = positionals[0];
    if (!id) throw new UsageError('key revoke needs the key id');
    return revokeApiKey(store, id);
  }
  if (group === 'key' && command === 'list') {
    const org = await findOrganization(store, required(values, 'org'));
    return listApiKeys(store, org.id);
  }
  throw new UsageError(`unknown command: ${[group, command].filter(Boolean).join(' ')}`);
}
