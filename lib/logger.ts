/** One JSON line per event on stderr; never log secrets (keys, wallet keys, tokens). */
export function log(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (process.env.CL2C_QUIET_LOGS === '1' && level !== 'error') return;
  process.stderr.write(line + '\n');
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}
