import { z } from 'zod';

/** The console's sign-in form (Better Auth's /sign-in/email takes the same two fields). */
export const signInBody = z.object({
  email: z.string().trim().min(1, 'is required').pipe(z.email('must be a valid e-mail address')),
  password: z.string().min(1, 'is required'),
});
export type SignInBody = z.infer<typeof signInBody>;

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeNextPath(next: unknown, fallback = '/overview'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (next.startsWith('/login') || next.startsWith('/api/')) return fallback;
  return next;
}
