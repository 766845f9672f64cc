import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { onPostgres } from './test/postgres/suite';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    environment: 'node',
    setupFiles: ['./test/setup-env.ts'],
    // Starts nothing by itself: a PostgreSQL server only when a test file asks for a database.
    globalSetup: ['./test/postgres/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      // The whole suite on the embedded default engine.
      { extends: true, test: { name: 'sqlite', include: ['{lib,app,scripts,test,db,components}/**/*.test.ts'] } },
      // The services already on the Store, again on PostgreSQL (test/postgres/suite.ts).
      { extends: true, test: { name: 'postgres', include: onPostgres, env: { TEST_ENGINE: 'postgres' } } },
    ],
  },
});
