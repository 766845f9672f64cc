import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { sqliteOnly } from './test/postgres/suite';

const testFiles = ['{lib,app,scripts,test,db,components}/**/*.test.ts'];

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
      // The whole suite on the embedded default engine…
      { extends: true, test: { name: 'sqlite', include: testFiles } },
      // …and again on PostgreSQL, but the engines' own tests (test/postgres/suite.ts says which and why).
      { extends: true, test: { name: 'postgres', include: testFiles, exclude: [...configDefaults.exclude, ...sqliteOnly], env: { TEST_ENGINE: 'postgres' } } },
    ],
  },
});
