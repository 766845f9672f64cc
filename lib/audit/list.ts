import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { apiKeys, auditEvents, invitations, nfts, smartContracts, userOrganizations, users } from '@/lib/storage/tables';
import { envelope } from '@/lib/shared/query';
import { inPageOrder } from '@/lib/storage/lists';
import { auditPage, type AuditFilter } from '@/lib/storage/audit-list';
import type { Store } from '@/lib/storage/store';
import { auditActionLabel, auditEntityTypeLabel } from './labels';
import { auditSearchTerms } from './search';
import type { AuditActor, AuditListItem, ExportAuditQuery, ListAuditQuery } from './schemas';

/**
 * The activity page: the organization's audit events, newest first (or oldest first; id breaks
 * ties), one page at a time. The ids and the exact total come from the engine's list module; the
 * page's events are loaded by id.
 */
export async function listAuditEvents(store: Store, organizationId: string, q: ListAuditQuery) {
  const filters = {
    search: q.search ?? null,
    actor: q.actor ?? null,
    action: q.action ?? null,
    entityType: q.entityType ?? null,
    entityId: q.entityId ?? null,
    from: q.from ?? null,
    to: q.to ?? null,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
  };
  const { ids, total } = await auditPage(store, organizationId, auditFilter(q), { page: q.page, limit: q.limit, order: q.sortOrder });
  const rows = ids.length ? inPageOrder(ids, await selectAuditEvents(store, inArray(auditEvents.id, ids), ids.length, 0, q.sortOrder)) : [];
  return envelope(await describeAuditEvents(store, organizationId, rows), { page: q.page, limit: q.limit, total }, filters);
}

/** The activity filters of a query, the search resolved to what the engine's list module takes. */
export function auditFilter(q: Partial<Omit<ExportAuditQuery, 'sortBy' | 'sortOrder'>>): AuditFilter {
  const { search, ...rest } = q;
  return { ...rest, search: search ? auditSearchTerms(search) : undefined };
}

/** Audit rows with who did it, newest first (id breaks ties). Shared with the overview's recent activity. */
export function selectAuditEvents(store: Store, where: SQL | undefined, limit: number, offset = 0, order: 'asc' | 'desc' = 'desc') {
  const dir = order === 'asc' ? asc : desc;
  return store
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      actorType: auditEvents.actorType,
      actorId: auditEvents.actorId,
      requestId: auditEvents.requestId,
      createdAt: auditEvents.createdAt,
      userEmail: users.email,
      keyName: apiKeys.name,
      keyPrefix: apiKeys.prefix,
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(auditEvents.actorType, 'user'), eq(users.id, auditEvents.actorId)))
    .leftJoin(apiKeys, and(eq(auditEvents.actorType, 'api_key'), eq(apiKeys.id, auditEvents.actorId)))
    .where(where)
    .orderBy(dir(auditEvents.createdAt), dir(auditEvents.id))
    .limit(limit)
    .offset(offset);
}

type AuditRow = Awaited<ReturnType<typeof selectAuditEvents>>[number];

export function auditActor(e: Pick<AuditRow, 'actorType' | 'actorId' | 'userEmail' | 'keyName' | 'keyPrefix'>): AuditActor {
  const label =
    e.actorType === 'user'
      ? (e.userEmail ?? 'deleted user')
      : e.actorType === 'api_key'
        ? e.keyName
          ? `API key ${e.keyName} (${e.keyPrefix}…)`
          : 'deleted API key'
        : 'system';
  return { type: e.actorType, id: e.actorId, label };
}

/**
 * Labels and console links for a page of events: one IN query per record type on the page, all
 * scoped to the organization (a record of another organization is never named or linked).
 */
export async function describeAuditEvents(store: Store, organizationId: string, rows: AuditRow[]): Promise<AuditListItem[]> {
  const idsOf = (type: string) => [
    ...new Set(rows.filter((r) => r.entityType === type && r.entityId).map((r) => r.entityId!)),
  ];
  const targets = new Map<string, { label: string | null; href: string }>();
  const put = (type: string, id: string, label: string | null, href: string) => targets.set(`${type}:${id}`, { label, href });

  const contractIds = idsOf('smart_contract');
  if (contractIds.length)
    for (const c of await store
      .select({ id: smartContracts.id, name: smartContracts.name, symbol: smartContracts.symbol })
      .from(smartContracts)
      .where(and(eq(smartContracts.organizationId, organizationId), inArray(smartContracts.id, contractIds))))
      put('smart_contract', c.id, `${c.name} (${c.symbol})`, `/contracts?search=${encodeURIComponent(c.name)}`);

  const nftIds = idsOf('nft');
  if (nftIds.length)
    for (const n of await store
      .select({ id: nfts.id, name: nfts.name })
      .from(nfts)
      .where(and(eq(nfts.organizationId, organizationId), inArray(nfts.id, nftIds))))
      put('nft', n.id, n.name, `/nfts/${n.id}`);

  const membershipIds = idsOf('user_organization');
  if (membershipIds.length)
    for (const m of await store
      .select({ id: userOrganizations.id, email: users.email })
      .from(userOrganizations)
      .innerJoin(users, eq(users.id, userOrganizations.userId))
      .where(and(eq(userOrganizations.organizationId, organizationId), inArray(userOrganizations.id, membershipIds))))
      put('user_organization', m.id, m.email, `/members/${m.id}`);

  const userIds = idsOf('user');
  if (userIds.length)
    for (const m of await store
      .select({ id: userOrganizations.id, userId: users.id, email: users.email })
      .from(userOrganizations)
      .innerJoin(users, eq(users.id, userOrganizations.userId))
      .where(and(eq(userOrganizations.organizationId, organizationId), inArray(users.id, userIds))))
      put('user', m.userId, m.email, `/members/${m.id}`);

  const invitationIds = idsOf('invitation');
  if (invitationIds.length)
    for (const i of await store
      .select({ id: invitations.id, email: invitations.email, status: invitations.status, membershipId: invitations.userOrganizationId })
      .from(invitations)
      .where(and(eq(invitations.organizationId, organizationId), inArray(invitations.id, invitationIds)))
      ) {
      // An accepted invitation lives on as the membership it became.
      const target = i.status === 'ACCEPTED' && i.membershipId ? i.membershipId : i.id;
      put('invitation', i.id, i.email, `/members/${target}`);
    }

  const keyIds = idsOf('api_key');
  if (keyIds.length)
    for (const k of await store
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organizationId), inArray(apiKeys.id, keyIds))))
      put('api_key', k.id, k.name, `/api-keys?search=${encodeURIComponent(k.name)}`);

  return rows.map((r) => {
    const target = r.entityId ? targets.get(`${r.entityType}:${r.entityId}`) : undefined;
    const fallbackHref = r.entityType === 'token_transfer' ? '/tokens' : null;
    return {
      id: r.id,
      action: r.action,
      actionLabel: auditActionLabel(r.action),
      entityType: r.entityType,
      entityTypeLabel: auditEntityTypeLabel(r.entityType),
      entityId: r.entityId,
      entityLabel: target?.label ?? null,
      href: target?.href ?? fallbackHref,
      actor: auditActor(r),
      requestId: r.requestId,
      createdAt: r.createdAt,
    };
  });
}

/**
 * Everyone who appears in the organization's audit log, for the activity page's actor filter.
 * The distinct ids come from the (organization, actor_id, created_at) index alone; names from
 * the users and API keys tables.
 */
export async function listAuditActors(store: Store, organizationId: string): Promise<AuditActor[]> {
  const ids = (
    await store
    .selectDistinct({ actorId: auditEvents.actorId })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId))
  )
    .map((r) => r.actorId)
    .filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const people = await store.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  const keys = await store
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), inArray(apiKeys.id, ids)));
  const actors: AuditActor[] = [
    ...people.map((u) => auditActor({ actorType: 'user', actorId: u.id, userEmail: u.email, keyName: null, keyPrefix: null })),
    ...keys.map((k) => auditActor({ actorType: 'api_key', actorId: k.id, userEmail: null, keyName: k.name, keyPrefix: k.prefix })),
  ];
  return actors.sort((a, b) => a.label.localeCompare(b.label));
}
