import { outboxKeys } from '@/app/(console)/outbox/_components/outbox-keys';
import { memberKeys } from './member-keys';

/** The member or invitation a row action works on. */
export type MemberTarget = { id: string; email: string; kind: 'member' | 'invitation'; role?: string | null };

/** A member change can queue mail, so the outbox refreshes too. */
export const invalidateAfterMemberChange = [memberKeys.all, outboxKeys.all] as const;
