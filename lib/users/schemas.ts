import { z } from 'zod';

/** Fields a person gives when they register (B5 and the invitation page share them). */
export const registrationFields = {
  firstName: z.string().trim().min(1, 'is required').max(75, 'must be at most 75 characters'),
  lastName: z.string().trim().min(1, 'is required').max(75, 'must be at most 75 characters'),
  userName: z
    .string()
    .trim()
    .min(6, 'must be at least 6 characters')
    .max(50, 'must be at most 50 characters')
    .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"'),
};

/** E-mail, compared and stored lower-case. */
export const emailField = z
  .string()
  .trim()
  // An empty cell or field is missing, not malformed: say so (the CSV preview shows this per row).
  .min(1, 'is required')
  .pipe(z.email('must be a valid e-mail address'))
  .transform((v) => v.toLowerCase());

/** E.164-style phone number: optional +, 7–15 digits (spaces, dashes, dots and brackets ignored). */
export const phoneField = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(z.string().regex(/^\+?[1-9]\d{6,14}$/, 'must be a phone number of 7 to 15 digits, optionally starting with +'));
