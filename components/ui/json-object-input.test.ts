import { describe, expect, it } from 'vitest';
import { parseJsonObjectText } from './json-object-input';

describe('parseJsonObjectText', () => {
  it('accepts a JSON object, keeps anything else as text so the schema rejects it', () => {
    expect(parseJsonObjectText('  ')).toBeUndefined();
    expect(parseJsonObjectText('{"a": [1, {"b": null}]}')).toEqual({ a: [1, { b: null }] });
    expect(parseJsonObjectText('[1]')).toBe('[1]');
    expect(parseJsonObjectText('null')).toBe('null');
    expect(parseJsonObjectText('{"a":')).toBe('{"a":');
  });
});
