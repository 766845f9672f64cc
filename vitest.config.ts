import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    environment: 'node',
    include: ['{lib,app,scripts,test,db,components}/**/*.test.ts'],
    setupFiles: ['./test/setup-env.ts'],
    // Starts nothing by itself: a PostgreSQL server only when a test file asks for a database.
    globalSetup: ['./test/postgres/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
