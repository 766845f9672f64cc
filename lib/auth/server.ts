import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { accounts, sessions, users, verifications } from '@/lib/storage/tables';
import { getStore } from '@/lib/storage/current';
import { postgresDbOf } from '@/lib/storage/postgres/store';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import type { Store } from '@/lib/storage/store';
import { authSecret, env } from '@/lib/env';
import { hasActiveMembership } from './admin';
import { auditPasswordEvent, PASSWORD_LINK_TTL_S, sendPasswordMail } from './password-reset';
import { runtimeSlot } from '@/lib/runtime';

/** Header through which Better Auth learns the client address: set by lib/http/sign-in-route.ts from the trusted client address, never by the client. */
export const CLIENT_ADDRESS_HEADER = 'x-cl2c-client-address';

function createAuth(store: Store) {
  return betterAuth({
    appName: 'CL2C Admin',
    baseURL: env().APP_URL,
    secret: authSecret(),
    telemetry: { enabled: false },
    // Better Auth's own queries go through the engine's Drizzle handle, over the same tables.
    database: drizzleAdapter(store.engine === 'sqlite' ? sqliteDbOf(store) : postgresDbOf(store), {
      provider: store.engine === 'sqlite' ? 'sqlite' : 'pg',
      schema: { users, sessions, accounts, verifications },
    }),
    user: { modelName: 'users', fields: { emailVerified: 'emailConfirmed' } },
    session: { modelName: 'sessions', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'accounts' },
    // Password links' tokens are stored as their SHA-256 only: the database never holds a usable link.
    verification: { modelName: 'verifications', storeIdentifier: 'hashed' },
    // Admins are provisioned by the CLI or the first-run seed; nobody signs up from the web.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      // "No password yet, or forgot it?" (docs/security.md): a link to the person's own address
      // sets the password — creating the login of a user who has none (B5) — once, within an hour,
      // and signs every session of theirs out.
      resetPasswordTokenExpiresIn: PASSWORD_LINK_TTL_S,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url, token }, request) =>
        sendPasswordMail(store, { user, url, token, clientAddress: request?.headers.get(CLIENT_ADDRESS_HEADER) ?? null }),
      onPasswordReset: ({ user }, request) =>
        auditPasswordEvent(store, 'auth.password_reset', user, request?.headers.get(CLIENT_ADDRESS_HEADER) ?? null),
    },
    advanced: {
      // Generated here, not by the database (PostgreSQL would otherwise be asked for a column default): UUID v4 like every id.
      database: { generateId: () => crypto.randomUUID() },
      // Set by lib/http/sign-in-route.ts from the trusted client address, never by the client.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    trustedOrigins: (request) => [env().APP_URL, request ? new URL(request.url).origin : undefined],
    // Sign-in and password-link limits and lockouts live in lib/auth/sign-in-guard.ts (keyed on the trusted client
    // address); this is only Better Auth's general per-address ceiling for its other endpoints.
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': false, '/request-password-reset': false, '/reset-password': false },
    },
    databaseHooks: {
      session: {
        create: {
          // Only ACTIVE members may hold a session; the console and the APIs further need
          // OWNER/ADMIN (lib/auth/session.ts), so a member's session only proves who they are
          // (accepting an invitation, answering a copyright request).
          before: async (session) => {
            if (!(await hasActiveMembership(store, session.userId))) {
              throw new APIError('FORBIDDEN', {
                message: 'This account is not a member of any organization.',
              });
            }
            return { data: session };
          },
        },
      },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const authSlot = runtimeSlot<{ store: Store; auth: Auth }>('auth');

/** The Better Auth instance over the process's database (rebuilt when that store changes). */
export async function getAuth(): Promise<Auth> {
  const store = await getStore();
  let current = authSlot.get();
  if (current?.store !== store) authSlot.set((current = { store, auth: createAuth(store) }));
  return current.auth;
}
