import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { getDb } from '@/db/client';
import { accounts, sessions, users, verifications } from '@/db/schema';
import { authSecret, env } from '@/lib/env';
import { hasActiveMembership } from './admin';
import { CLIENT_ADDRESS_HEADER } from './sign-in-route';
import { runtimeSlot } from '@/lib/runtime';

function createAuth() {
  const db = getDb();
  return betterAuth({
    appName: 'CL2C Admin',
    baseURL: env().APP_URL,
    secret: authSecret(),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'sqlite',
      schema: { users, sessions, accounts, verifications },
    }),
    user: { modelName: 'users', fields: { emailVerified: 'emailConfirmed' } },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    // Admins are provisioned by the CLI or the first-run seed; nobody signs up from the web.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8 },
    advanced: {
      database: { generateId: 'uuid' },
      // Set by lib/auth/sign-in-route.ts from the trusted client address, never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    trustedOrigins: (request) => [env().APP_URL, request ? new URL(request.url).origin : undefined],
    // Sign-in limits and lockouts live in lib/auth/sign-in-guard.ts (keyed on the trusted client
    // address); this is only Better Auth's general per-address ceiling for its other endpoints.
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': false },
    },
    databaseHooks: {
      session: {
        create: {
          // Only ACTIVE members may hold a session; the console and the APIs further need
          // OWNER/ADMIN (lib/auth/session.ts), so a member's session only proves who they are
          // (accepting an invitation, answering a copyright request).
          before: (session) => {
            if (!hasActiveMembership(db, session.userId)) {
              throw new APIError('FORBIDDEN', {
                message: 'This account is not a member of any organization.',
              });
            }
            return Promise.resolve({ data: session });
          },
        },
      },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const authSlot = runtimeSlot<{ file: string; auth: Auth }>('auth');

/** The Better Auth instance over the current database (rebuilt if DATABASE_PATH changes). */
export function getAuth(): Auth {
  const file = env().DATABASE_PATH;
  let current = authSlot.get();
  if (current?.file !== file) authSlot.set((current = { file, auth: createAuth() }));
  return current.auth;
}
