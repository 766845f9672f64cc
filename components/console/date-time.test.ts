import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatRelative } from '@/lib/shared/date-format';
import { DateTime } from './date-time';

const ISO = '2026-11-23T18:36:52.123Z';
const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe('formatDateTime', () => {
  it('writes one format, in UTC, with the zone stated', () => {
    expect(formatDateTime(ISO)).toBe('2026-11-23 18:36 UTC');
    expect(formatDateTime(new Date(ISO), true)).toBe('2026-11-23 18:36:52 UTC');
    expect(formatDay(ISO)).toBe('2026-11-23');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('gives the same text whatever the process time zone (server and browser agree)', () => {
    const texts = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham'].map((tz) => {
      process.env.TZ = tz;
      return [formatDateTime(ISO), new Date(ISO).getTimezoneOffset()] as const;
    });
    // The zones really differ here (the check is not vacuous) …
    expect(new Set(texts.map(([, offset]) => offset)).size).toBe(4);
    // … and the text does not.
    expect(new Set(texts.map(([text]) => text))).toEqual(new Set(['2026-11-23 18:36 UTC']));
  });
});

describe('formatRelative', () => {
  const at = Date.parse(ISO);
  it.each([
    [10_000, 'just now'],
    [3 * 60_000, '3 min ago'],
    [90 * 60_000, '2 h ago'],
    [26 * 3_600_000, '1 day ago'],
    [3 * 86_400_000, '3 days ago'],
    [-6 * 86_400_000, 'in 6 days'],
    [-5 * 60_000, 'in 5 min'],
  ])('%d ms after → %s', (delta, text) => {
    expect(formatRelative(ISO, at + delta)).toBe(text);
  });
  it('gives up after 7 days (the exact time reads better)', () => {
    expect(formatRelative(ISO, at + 7 * 86_400_000)).toBeNull();
  });
});

describe('<DateTime> server HTML', () => {
  it('is the same in every time zone, relative or not (hydration starts from this text)', () => {
    const recent = new Date(Date.now() - 60_000);
    const html = (tz: string) => {
      process.env.TZ = tz;
      return [
        renderToString(createElement(DateTime, { value: ISO })),
        renderToString(createElement(DateTime, { value: ISO, stacked: true })),
        renderToString(createElement(DateTime, { value: recent, relative: true })),
      ];
    };
    const utc = html('UTC');
    expect(html('America/New_York')).toEqual(utc);
    expect(utc[0]).toContain('2026-11-23 18:36 UTC');
    expect(utc[0]).toContain(`dateTime="${ISO}"`);
    expect(utc[1]).toMatch(/2026-11-23<span[^>]*>18:36 UTC</);
  });

  it('renders the exact time, not "just now", for a relative time on the server', () => {
    const now = new Date();
    const html = renderToString(createElement(DateTime, { value: now, relative: true }));
    expect(html).toContain(formatDateTime(now));
    expect(html).not.toContain('ago');
    expect(html).not.toContain('just now');
  });
});
