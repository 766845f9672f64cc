import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';

/*
 * cl2c_fold (db/migrations-pg/0001_search.sql) is JavaScript's toLowerCase, in SQL. Measured here
 * against the server the tests run on, for every code point and for the context-dependent cases
 * (Final_Sigma, İ), so a server or Node upgrade that changes either side fails this file.
 */
const pg = withPostgres();

const fold = async (texts: string[]) =>
  (await pg.db().$client.query<{ f: string }>('select cl2c_fold(t) as f from unnest($1::text[]) with ordinality as x(t, n) order by n', [texts])).rows.map(
    (r) => r.f,
  );

describe('cl2c_fold equals JavaScript toLowerCase', () => {
  it('for every code point (1,112,064 of them)', async () => {
    const { rows } = await pg.db().execute<{ c: number; f: string }>(
      sql`select c, cl2c_fold(chr(c)) as f from generate_series(1, 1114111) as c where c < 55296 or c > 57343`,
    );
    expect(rows).toHaveLength(1_112_063);
    const differing = rows.filter((r) => r.f !== String.fromCodePoint(r.c).toLowerCase()).map((r) => `U+${r.c.toString(16).toUpperCase()}`);
    expect(differing).toEqual([]);
  }, 120_000);

  it('where the lower-case form depends on the neighbours (Final_Sigma) or spans two characters (İ)', async () => {
    const texts = ['ΟΔΟΣ', 'ΟΔΟΣ ΟΔΟΣ.', 'Σ', 'ΑΣ1', 'Α.Σ', 'ΑΣ\u0301', "Α'Σ'", 'ΣΑ', 'İSTANBUL', 'TAXİ', 'Kelvin K', 'STRASSE Straße', 'ǅ ǈ ǋ', 'ᾼ ῌ ῼ'];
    expect(await fold(texts)).toEqual(texts.map((t) => t.toLowerCase()));
  });

  it('for random text over the tricky characters', async () => {
    const chars = ['A', 'a', 'Σ', 'σ', 'ς', 'İ', 'I', 'ı', '\u0307', '\u0301', 'K', 'ẞ', 'ß', ' ', '.', "'", '1', 'Ω', 'ᾼ', '𐐀', 'Ⓐ', '\u00ad'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((a) => a.join('')), { minLength: 1, maxLength: 50 }), async (texts) => {
        expect(await fold(texts)).toEqual(texts.map((t) => t.toLowerCase()));
      }),
      { numRuns: 40 },
    );
  });
});
