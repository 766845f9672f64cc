import { z } from 'zod';

/** The console's sign-in form (Better Auth's /sign-in/email takes the same two fields). */
export const signInBody = z.object({
  email: z.string().trim().min(1, 'is required').pipe(z.email('must be a valid e-mail address')),
  password: z.string().min(1, 'is required'),
});
export type SignInBody = z.infer<typeof signInBody>;

/** What the sign-in form tells the user for a failed attempt, by Better Auth's HTTP status. */
export { signInFailureMessage } from './sign-in-failure';

/** Asking for a password link ("No password yet, or forgot it?"); Better Auth's /request-password-reset. */
export const requestPasswordLinkBody = z.object({
  email: z.string().trim().min(1, 'is required').pipe(z.email('must be a valid e-mail address')),
});
export type RequestPasswordLinkBody = z.infer<typeof requestPasswordLinkBody>;

/** Setting the password with the link (Better Auth's /reset-password takes `newPassword` + the token). */
export const setPasswordBody = z
  .object({
    newPassword: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
    confirmPassword: z.string().min(1, 'is required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'must match the new password' });
export type SetPasswordBody = z.infer<typeof setPasswordBody>;
