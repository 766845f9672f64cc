import { describe, expect, it } from 'vitest';
import { deliveryState } from './delivery-state';

const pending = { status: 'PENDING' as const, attempts: 0, nextAttemptAt: null, sentAt: null };

describe('deliveryState', () => {
  it('says a mail is not sent when no SMTP server is configured', () => {
    expect(deliveryState(pending, false)).toEqual({
      label: 'Not sent',
      detail: 'no SMTP configured — copy the link from here',
      tone: 'neutral',
    });
  });
  it('tells sending, retrying, sent and failed apart when SMTP is configured', () => {
    expect(deliveryState(pending, true).label).toBe('Sending');
    expect(deliveryState({ ...pending, attempts: 2, nextAttemptAt: '2026-11-23T18:40:00.000Z' }, true)).toMatchObject({
      label: 'Retrying',
      detail: '2 attempts failed, next 2026-11-23 18:40 UTC',
    });
    expect(deliveryState({ ...pending, status: 'SENT', attempts: 1, sentAt: '2026-11-23T18:36:00.000Z' }, true)).toMatchObject({
      label: 'Sent',
      detail: 'delivered 2026-11-23 18:36 UTC',
    });
    expect(deliveryState({ ...pending, status: 'FAILED', attempts: 5 }, true)).toMatchObject({ label: 'Failed', detail: 'gave up after 5 attempts' });
  });
});
