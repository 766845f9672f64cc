/**
 * A unique-constraint violation, on either engine: SQLite's `SQLITE_CONSTRAINT_UNIQUE`, PostgreSQL's
 * SQLSTATE 23505 — Drizzle may wrap the driver's error, whose `cause` then carries the code.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') return true;
  }
  return false;
}
