import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromUtcInputValue, toUtcInputValue, utcInputStep } from './date-format';

// The conversion must not depend on the zone the code runs in: run it where local ≠ UTC.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('the datetime-local text is the UTC instant', () => {
  it('runs in a zone that is not UTC', () => {
    expect(new Date('2026-11-22T10:00:00.000Z').getTimezoneOffset()).toBe(-330);
  });

  it('shows a stored instant in UTC, to the minute when it has no seconds', () => {
    expect(toUtcInputValue('2026-11-22T10:05:00.000Z')).toBe('2026-11-22T10:05');
    expect(toUtcInputValue(new Date(Date.UTC(2026, 0, 1, 23, 59)))).toBe('2026-01-01T23:59');
    // An instant written with an offset is shown as its UTC time.
    expect(toUtcInputValue('2026-11-22T15:35:00+05:30')).toBe('2026-11-22T10:05');
  });

  it('keeps seconds and milliseconds the instant has', () => {
    expect(toUtcInputValue('2026-11-22T10:05:07.000Z')).toBe('2026-11-22T10:05:07');
    expect(toUtcInputValue('2026-11-22T10:05:07.250Z')).toBe('2026-11-22T10:05:07.250');
    expect(toUtcInputValue('2026-11-22T10:05:00.001Z')).toBe('2026-11-22T10:05:00.001');
  });

  it('shows nothing for no value or an invalid one', () => {
    expect(toUtcInputValue(undefined)).toBe('');
    expect(toUtcInputValue(null)).toBe('');
    expect(toUtcInputValue('')).toBe('');
    expect(toUtcInputValue('not a date')).toBe('');
    expect(toUtcInputValue(new Date(Date.UTC(10000, 0, 1)))).toBe('');
  });

  it('reads typed text as UTC, never shifted by the local zone', () => {
    expect(fromUtcInputValue('2026-11-22T10:05')).toBe('2026-11-22T10:05:00.000Z');
    expect(fromUtcInputValue('2026-03-29T01:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(fromUtcInputValue(' 2026-11-22T00:00 ')).toBe('2026-11-22T00:00:00.000Z');
  });

  it('reads seconds and milliseconds', () => {
    expect(fromUtcInputValue('2026-11-22T10:05:07')).toBe('2026-11-22T10:05:07.000Z');
    expect(fromUtcInputValue('2026-11-22T10:05:07.25')).toBe('2026-11-22T10:05:07.250Z');
    expect(fromUtcInputValue('2026-11-22T10:05:07.009')).toBe('2026-11-22T10:05:07.009Z');
  });

  it('gives no value for empty text', () => {
    expect(fromUtcInputValue('')).toBeUndefined();
    expect(fromUtcInputValue('   ')).toBeUndefined();
    expect(fromUtcInputValue(undefined)).toBeUndefined();
    expect(fromUtcInputValue(null)).toBeUndefined();
  });

  it('passes text that is not a date-time through, for the schema to reject by name', () => {
    expect(fromUtcInputValue('tomorrow')).toBe('tomorrow');
    expect(fromUtcInputValue('2026-02-30T10:00')).toBe('2026-02-30T10:00');
    expect(fromUtcInputValue('2026-11-22T25:00')).toBe('2026-11-22T25:00');
    expect(fromUtcInputValue('2026-11-22 10:00')).toBe('2026-11-22 10:00');
  });

  it('round-trips both ways unchanged', () => {
    for (const iso of [
      '2026-11-22T10:05:00.000Z',
      '2026-11-22T10:05:07.000Z',
      '2026-11-22T10:05:07.123Z',
      '1999-12-31T23:59:59.999Z',
    ]) {
      expect(fromUtcInputValue(toUtcInputValue(iso))).toBe(iso);
    }
    for (const text of ['2026-11-22T10:05', '2026-11-22T10:05:07', '2026-11-22T10:05:07.123']) {
      expect(toUtcInputValue(fromUtcInputValue(text))).toBe(text);
    }
  });

  it('steps at the precision of the text shown', () => {
    expect(utcInputStep('')).toBe(60);
    expect(utcInputStep('2026-11-22T10:05')).toBe(60);
    expect(utcInputStep('2026-11-22T10:05:07')).toBe(1);
    expect(utcInputStep('2026-11-22T10:05:07.250')).toBe(0.001);
  });
});
