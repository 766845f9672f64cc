-- Request budgets and sign-in locks shared by every instance on this database (issue 29): the
-- table rate-limiter-flexible's PostgreSQL limiter reads and upserts (lib/storage/postgres/
-- rate-limits.ts), one row per budget key ("<budget>:<key>"), `points` spent in the window that
-- ends at `expire` (epoch milliseconds; NULL: never). The key is text, not the library's
-- varchar(255): a sign-in pair key holds an e-mail address and a client address. Expired rows are
-- deleted by the limiter every few minutes; not in db/schema-pg.ts (PostgreSQL only, like the
-- list counts: SQLite keeps these budgets in its one process's memory).
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX "rate_limits_expire" ON "rate_limits" ("expire");
