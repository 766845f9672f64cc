/**
 * The caller's address for the audit log of a decision (never used to guess a place). Behind the
 * app's reverse proxy the first x-forwarded-for entry is the client; without one, none is known.
 */
export function clientAddressOf(req: Request): string | null {
  const forwarded = req.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return (forwarded || req.headers.get('x-real-ip')?.trim() || null)?.slice(0, 100) ?? null;
}
