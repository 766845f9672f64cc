import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { userOrganizations, users } from '@/lib/storage/tables';
import { recordAuditIn } from '@/lib/audit/service';
import { ConflictError, ForbiddenError, NotFoundError } from '@/lib/errors';
import type { Actor } from '@/lib/shared/actor';
import type { Store } from '@/lib/storage/store';
import { registerUserInOrganizationIn } from '@/lib/users/registration';
import type { CreateTenantUserBody, UpdateCurrentUserBody } from './schemas';

// Qualified by hand so the subquery sees the outer `users` row; the bare `is_primary` is the
// engine-neutral test (an integer 0/1 on SQLite, a boolean on PostgreSQL).
const walletAddress = sql<string | null>`(select "w"."address" from "wallets" as "w" where "w"."user_id" = "users"."id" and "w"."is_primary")`;

const profileColumns = {
  id: users.id,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailConfirmed: users.emailConfirmed,
  authValidUpto: users.authValidUpto,
  authLocation: users.authLocation,
  phoneNumber: users.phoneNumber,
  walletAddress,
};

type ProfileRow = { [K in keyof typeof profileColumns]: unknown } & { authValidUpto: Date | null };

/** `authenticated`: the user holds an authentication that has not yet expired. */
function withAuthenticated<T extends ProfileRow>(row: T, now = Date.now()) {
  const { authValidUpto, authLocation, ...rest } = row;
  return {
    ...rest,
    authenticated: authValidUpto !== null && authValidUpto.getTime() > now,
    authValidUpto,
    authLocation,
  };
}

const isMember = (organizationId: string) =>
  and(eq(userOrganizations.userId, users.id), eq(userOrganizations.organizationId, organizationId));

/** B3: every user with a membership in the tenant's organization (no pagination, per the spec). */
export async function listTenantUsers(store: Store, organizationId: string) {
  const rows = await store
    .select(profileColumns)
    .from(users)
    .innerJoin(userOrganizations, isMember(organizationId))
    .orderBy(asc(userOrganizations.createdAt), asc(users.id));
  return rows.map((row) => {
    const { authValidUpto: _a, authLocation: _l, ...item } = withAuthenticated(row);
    return item;
  });
}

const STREAM_CHUNK = 500;

/**
 * B3 as a stream: the same JSON array as listTenantUsers, written in chunks of 500 users read by
 * keyset (membership createdAt, user id) over the (organization, created_at, user_id) index. Each chunk is
 * one short query, so a tenant of 100,000 users neither builds its whole answer in memory nor
 * holds the event loop for the length of the read; other requests are served between chunks.
 */
export function streamTenantUsers(store: Store, organizationId: string): Response {
  const encoder = new TextEncoder();
  let cursor: { createdAt: Date; id: string } | null = null;
  let opened = false;
  let first = true;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A row-value range over (organization, created_at, user_id): each chunk seeks, none rescans.
      // The time goes in as the column stores it (sql.param with the column: ms on SQLite, a timestamp on PostgreSQL).
      const after = cursor
        ? sql`(${userOrganizations.createdAt}, ${userOrganizations.userId}) > (${sql.param(cursor.createdAt, userOrganizations.createdAt)}, ${cursor.id})`
        : undefined;
      const rows = await store
        .select({ ...profileColumns, joinedAt: userOrganizations.createdAt })
        .from(userOrganizations)
        .innerJoin(users, eq(users.id, userOrganizations.userId))
        .where(and(eq(userOrganizations.organizationId, organizationId), after))
        .orderBy(asc(userOrganizations.createdAt), asc(userOrganizations.userId))
        .limit(STREAM_CHUNK);
      let text = opened ? '' : '[';
      opened = true;
      for (const row of rows) {
        const { joinedAt: _j, ...profile } = row;
        const { authValidUpto: _a, authLocation: _l, ...item } = withAuthenticated(profile);
        text += `${first ? '' : ','}${JSON.stringify(item)}`;
        first = false;
      }
      const last = rows[rows.length - 1];
      if (rows.length < STREAM_CHUNK || !last) {
        controller.enqueue(encoder.encode(`${text}]`));
        controller.close();
        return;
      }
      cursor = { createdAt: last.joinedAt, id: last.id };
      controller.enqueue(encoder.encode(text));
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** B4: one user of the tenant; users of other tenants do not exist here. */
export async function getTenantUser(store: Store, organizationId: string, id: string) {
  const [row] = await store
    .select(profileColumns)
    .from(users)
    .innerJoin(userOrganizations, isMember(organizationId))
    .where(eq(users.id, id.trim().toLowerCase()))
    .limit(1);
  if (!row) throw new NotFoundError('User');
  return withAuthenticated(row);
}

async function getProfile(store: Store, userId: string) {
  const [row] = await store.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError('User');
  return withAuthenticated(row);
}

/**
 * B5: a registered user of the tenant — user, custodial wallet, ACTIVE membership, pending
 * invitations for the e-mail accepted (all in registerUserInOrganizationIn); 409 on duplicates.
 */
export async function createTenantUser(store: Store, actor: Actor, input: CreateTenantUserBody) {
  const userId = await store.transaction(async (tx) => {
    const { user, membershipId } = await registerUserInOrganizationIn(tx, actor.organizationId, input);
    await recordAuditIn(tx, actor, { action: 'user.create', entityType: 'user', entityId: user.id, data: { membershipId, email: user.email } });
    return user.id;
  });
  return getTenantUser(store, actor.organizationId, userId);
}

/** B6: updates the key owner's profile; `id` must be the owner's own id (403 otherwise). */
export async function updateCurrentUser(store: Store, actor: Actor, input: UpdateCurrentUserBody) {
  if (input.id.toLowerCase() !== actor.userId) {
    throw new ForbiddenError('The id does not match the user who owns this API key; only your own profile can be updated.');
  }
  await store.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, actor.userId)).limit(1);
    if (!current) throw new NotFoundError('User');
    if (input.phoneNumber) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phoneNumber, input.phoneNumber), ne(users.id, current.id)))
        .limit(1);
      if (taken) throw new ConflictError('This phone number is taken.', [`phoneNumber: ${input.phoneNumber} is already in use`]);
    }
    const firstName = input.firstName ?? current.firstName;
    const lastName = input.lastName ?? current.lastName;
    const changes = {
      firstName,
      lastName,
      name: [firstName, lastName].filter(Boolean).join(' ') || current.name,
      ...(input.phoneNumber !== undefined ? { phoneNumber: input.phoneNumber } : {}),
      ...(input.pushToken !== undefined ? { pushToken: input.pushToken } : {}),
    };
    await tx.update(users).set(changes).where(eq(users.id, current.id));
    await recordAuditIn(tx, actor, {
      action: 'user.update',
      entityType: 'user',
      entityId: current.id,
      // Never the push token itself: it is a credential for the user's device.
      data: { fields: Object.keys(input).filter((k) => k !== 'id' && input[k as keyof UpdateCurrentUserBody] !== undefined) },
    });
  });
  return getProfile(store, actor.userId);
}
