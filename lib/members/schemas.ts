import { z } from 'zod';
import { membershipRoles, nftStatuses, shareStatuses } from '@/db/enums';
import { booleanParam, limitParam, pageParam, searchParam, sortByParam, sortOrderParam } from '@/lib/shared/query';
import { emailField } from '@/lib/users/schemas';

export const memberSortFields = ['createdAt', 'updatedAt', 'email', 'status'] as const;
/** Members are ACTIVE or SUSPENDED memberships; PENDING are invitations not yet accepted. */
export const memberListStatuses = ['ACTIVE', 'SUSPENDED', 'PENDING'] as const;
export const memberKinds = ['member', 'invitation'] as const;

/** A9 query. */
export const listMembersQuery = z.strictObject({
  page: pageParam,
  limit: limitParam,
  search: searchParam,
  status: z.enum(memberListStatuses).optional().meta({ description: 'ACTIVE / SUSPENDED members, or PENDING invitations.' }),
  hasWallet: booleanParam.meta({ description: 'true: only entries with a wallet address; false: only those without.' }),
  sortBy: sortByParam(memberSortFields).meta({
    description: 'Sort field (default createdAt); anything else is 400. Ties are broken by id in the same direction; `status` sorts its ties by createdAt, then id.',
  }),
  sortOrder: sortOrderParam,
});
export type ListMembersQuery = z.output<typeof listMembersQuery>;

/** The members' CSV export: the list's filters and search, every row (no page). */
export const exportMembersQuery = listMembersQuery.omit({ page: true, limit: true });

/** A11 body (also the console's change-e-mail form). */
export const updateMemberBody = z
  .strictObject({
    email: emailField.optional().meta({ description: "A pending invitation's e-mail. A member's login e-mail belongs to the person: 409." }),
    resend: z.boolean().optional(),
    role: z.enum(['ADMIN', 'MEMBER']).optional().meta({ description: "A membership's role; demoting to MEMBER revokes the person's API keys of the organization." }),
    status: z.enum(['ACTIVE', 'SUSPENDED']).optional().meta({ description: "A membership's status; SUSPENDED revokes the person's API keys of the organization." }),
  })
  .refine((v) => v.email !== undefined || v.resend !== undefined || v.role !== undefined || v.status !== undefined, {
    message: 'give email, resend, role or status',
    path: [],
  });
export type UpdateMemberBody = z.output<typeof updateMemberBody>;
export type UpdateMemberInput = z.input<typeof updateMemberBody>;

const iso = z.string().datetime();

const invitationInfo = z
  .object({
    phone: z.string().nullable(),
    expiresAt: iso,
    expired: z.boolean(),
    sendCount: z.number().int(),
    lastSentAt: iso.nullable(),
  })
  .nullable()
  .describe('Set for pending invitations, null for members');

/** A9 list item. */
export const memberListItem = z
  .object({
    id: z.string().describe('Membership id, or invitation id for a pending invitation'),
    kind: z.enum(memberKinds),
    email: z.string(),
    walletAddress: z.string().nullable(),
    totalNFTs: z.number().int(),
    status: z.enum(memberListStatuses),
    role: z.enum(membershipRoles).nullable(),
    createdAt: iso,
    updatedAt: iso,
    user: z.object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      userName: z.string().nullable(),
      image: z.string().nullable(),
      emailVerified: z.boolean(),
      isRegistered: z.boolean(),
    }),
    invitation: invitationInfo,
  })
  .meta({ id: 'MemberListItem' });
export type MemberListItem = z.output<typeof memberListItem>;

export const endUserNft = z.object({
  id: z.string().describe('Copyright share id'),
  status: z.enum(shareStatuses),
  percentage: z.number(),
  copyAuthLocation: z.string().nullable(),
  copyAuthTimestamp: iso.nullable(),
  nft: z.object({
    id: z.string(),
    status: z.enum(nftStatuses),
    mintedAt: iso.nullable(),
    supply: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    externalUrl: z.string().nullable(),
    imagePath: z.string().nullable(),
    smartContract: z.object({
      id: z.string(),
      name: z.string(),
      symbol: z.string(),
      contractAddress: z.string().nullable(),
    }),
  }),
});
export type EndUserNft = z.output<typeof endUserNft>;

/** A10 response. */
export const memberDetail = z
  .object({
    id: z.string(),
    kind: z.enum(memberKinds),
    email: z.string(),
    walletAddress: z.string().nullable(),
    status: z.enum(memberListStatuses),
    role: z.enum(membershipRoles).nullable(),
    totalNFTs: z.number().int(),
    createdAt: iso,
    updatedAt: iso,
    user: z.object({
      id: z.string().nullable(),
      name: z.string().nullable(),
      userName: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      image: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      emailVerified: z.boolean(),
      isRegistered: z.boolean(),
    }),
    invitation: invitationInfo,
    endUserNfts: z.array(endUserNft),
  })
  .meta({ id: 'MemberDetail' });
export type MemberDetail = z.output<typeof memberDetail>;

/** A11 response. */
export const updateMemberResponse = z.object({
  id: z.string(),
  email: z.string(),
  walletAddress: z.string().nullable(),
  resent: z.boolean().describe('true when a new invitation e-mail was queued'),
});

/** A12 response. */
export const removeMemberResponse = z.object({ message: z.string() });
