import { Badge, type BadgeTone } from '@/components/ui/badge';

/** Colour of every status value used across the domain (contracts, NFTs, members, shares, mail…). */
const toneByStatus: Record<string, BadgeTone> = {
  CREATED: 'info',
  PENDING: 'warning',
  DEPLOYED: 'success',
  MINTED: 'success',
  ACTIVE: 'success',
  ACCEPTED: 'success',
  AUTHORIZED: 'success',
  SENT: 'success',
  SIGNED: 'info',
  SUBMITTED: 'info',
  CONFIRMED: 'success',
  SUSPENDED: 'warning',
  EXPIRED: 'neutral',
  REVOKED: 'neutral',
  FAILED: 'danger',
  REJECTED: 'danger',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={toneByStatus[status] ?? 'neutral'}>{status}</Badge>;
}
