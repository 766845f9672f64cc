import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit for the PostgreSQL engine (issue 28): `npm run db:generate:pg` writes
 * db/migrations-pg/ from db/schema-pg.ts. The SQLite engine keeps drizzle.config.ts.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg.ts',
  out: './db/migrations-pg',
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost:5432/cl2c' },
});
