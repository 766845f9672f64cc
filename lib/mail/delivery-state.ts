import { formatDateTime } from '@/lib/shared/date-format';

export type DeliveryTone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/**
 * What happened to a mail, in words an admin understands — instead of "PENDING, 0 attempts" for
 * ever when nothing can be delivered because no SMTP server is configured.
 */
export function deliveryState(
  mail: { status: 'PENDING' | 'SENT' | 'FAILED'; attempts: number; nextAttemptAt: string | Date | null; sentAt: string | Date | null },
  smtpConfigured: boolean,
): { label: string; detail: string | null; tone: DeliveryTone } {
  const tries = (n: number) => `${n} attempt${n === 1 ? '' : 's'}`;
  if (mail.status === 'SENT') return { label: 'Sent', detail: mail.sentAt ? `delivered ${formatDateTime(mail.sentAt)}` : null, tone: 'success' };
  if (mail.status === 'FAILED') return { label: 'Failed', detail: `gave up after ${tries(mail.attempts)}`, tone: 'danger' };
  if (!smtpConfigured) return { label: 'Not sent', detail: 'no SMTP configured — copy the link from here', tone: 'neutral' };
  if (mail.attempts === 0) return { label: 'Sending', detail: 'queued for delivery', tone: 'info' };
  return {
    label: 'Retrying',
    detail: `${tries(mail.attempts)} failed${mail.nextAttemptAt ? `, next ${formatDateTime(mail.nextAttemptAt)}` : ''}`,
    tone: 'warning',
  };
}
