import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '@/lib/env';
import { withPostgres } from '@/test/postgres/database';
import { connectPostgres, openPostgres, pgMigrationsFolder, PostgresUnreachableError } from './connection';

const pgdb = withPostgres();
const journal = JSON.parse(readFileSync(path.join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

describe('opening and migrating a PostgreSQL database', () => {
  it('applies every migration once when several processes start at the same moment (advisory lock)', async () => {
    const name = `cl2c_race_${crypto.randomUUID().replaceAll('-', '')}`;
    await pgdb.db().execute(sql.raw(`create database ${name}`));
    const url = new URL(pgdb.url());
    url.pathname = `/${name}`;
    const opened = await Promise.all([1, 2, 3, 4].map(() => openPostgres(url.toString(), 'TEST_DATABASE_URL', { max: 2 })));
    try {
      const applied = await opened[0]!.execute<{ n: string }>(sql`select count(*) as n from drizzle.__drizzle_migrations`);
      expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
      const ext = await opened[0]!.execute<{ extname: string }>(sql`select extname from pg_extension where extname = 'pg_trgm'`);
      expect(ext.rows).toHaveLength(1);
    } finally {
      await Promise.all(opened.map((db) => db.$client.end()));
      await pgdb.db().execute(sql.raw(`drop database ${name} with (force)`));
    }
  });

  it('names the variable and the server when the server cannot be reached', async () => {
    const error = await connectPostgres('postgres://cl2c:secret@127.0.0.1:1/cl2c', 'DATABASE_URL').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostgresUnreachableError);
    expect((error as Error).message).toMatch(/^DATABASE_URL: cannot use the PostgreSQL server at 127\.0\.0\.1:1\/cl2c: /);
    expect((error as Error).message).not.toContain('secret');
  });
});

describe('DATABASE_URL', () => {
  const problem = (value: string) => {
    try {
      loadEnv({ DATABASE_URL: value });
      return null;
    } catch (error) {
      return error instanceof EnvError ? error.message : String(error);
    }
  };

  it('accepts postgres:// and postgresql:// URLs with a host and a database', () => {
    expect(problem('postgres://u:p@127.0.0.1:5432/cl2c')).toBeNull();
    expect(problem('postgresql://db.internal/cl2c?sslmode=require')).toBeNull();
  });

  it.each([
    ['mysql://u:p@h/db', 'DATABASE_URL: must start with postgres:// or postgresql://'],
    ['./data/cl2c.db', 'DATABASE_URL: must be a URL like postgres://'],
    ['postgres://u:p@127.0.0.1:5432/', 'DATABASE_URL: must name a database'],
  ])('refuses %s with a message naming the variable', (value, message) => {
    expect(problem(value)).toContain(message);
  });

  it("`npm start`'s server process stops at once, naming DATABASE_URL, when PostgreSQL does not answer", () => {
    const run = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['scripts/serve.ts'], {
      env: { ...process.env, DATABASE_URL: 'postgres://u:p@127.0.0.1:1/cl2c', PORT: '3601' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^DATABASE_URL: cannot use the PostgreSQL server at 127\.0\.0\.1:1\/cl2c: /m);
    expect(run.stderr).not.toContain('u:p@');
  });
});
