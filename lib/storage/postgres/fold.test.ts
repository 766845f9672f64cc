import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withPostgres } from '@/test/postgres/database';
import { knownFoldDifference } from '@/test/postgres/fold-differences';

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

  it('KNOWN DIFFERENCE: a Σ preceded by case-ignorable characters only (no cased letter) — PostgreSQL says final ς, JavaScript σ', async () => {
    // db check reports such a stored fold (lib/storage/postgres/maintenance.ts); this test fails
    // once PostgreSQL agrees, so the exclusion below can go.
    expect(await fold(['\u0307Σ'])).toEqual(['\u0307ς']);
    expect('\u0307Σ'.toLowerCase()).toBe('\u0307σ');
  });

  it('for random text over the tricky characters (but the known difference above)', async () => {
    // \uA7CE and \u{16EA0}: capitals newer than the server's Unicode (cl2c_fold translates them itself).
    const chars = ['A', 'a', 'Σ', 'σ', 'ς', 'İ', 'I', 'ı', '\u0307', '\u0301', 'K', 'ẞ', 'ß', ' ', '.', "'", '1', 'Ω', 'ᾼ', '𐐀', 'Ⓐ', '\u00ad', '\uA7CE', '\u{16EA0}'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.constantFrom(...chars), { maxLength: 12 }).map((a) => a.join('')), { minLength: 1, maxLength: 50 }), async (texts) => {
        // A Σ right after case-ignorable marks, or beside a letter newer than the server's Unicode
        // (PostgreSQL 18: Unicode 16): the known differences, reported by db check.
        const comparable = texts.filter((t) => !knownFoldDifference(t));
        expect(await fold(comparable)).toEqual(comparable.map((t) => t.toLowerCase()));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('cl2c_ascii_lower is SQLite LIKE\'s folding: ASCII letters only', () => {
  const asciiLower = (t: string) => t.replace(/[A-Z]/g, (c) => c.toLowerCase());

  it('for every code point', async () => {
    const { rows } = await pg.db().execute<{ c: number; f: string }>(
      sql`select c, cl2c_ascii_lower(chr(c)) as f from generate_series(1, 1114111) as c where c < 55296 or c > 57343`,
    );
    expect(rows).toHaveLength(1_112_063);
    const differing = rows.filter((r) => r.f !== asciiLower(String.fromCodePoint(r.c))).map((r) => `U+${r.c.toString(16).toUpperCase()}`);
    expect(differing).toEqual([]);
  }, 120_000);

  it('for mixed text', async () => {
    const texts = ['Harbor ÉCLAIR Straße', 'İSTANBUL Kelvin K', 'ΑΣ ABC xyz 123', 'MÜLLER@Example.COM'];
    const { rows } = await pg.db().$client.query<{ f: string }>('select cl2c_ascii_lower(t) as f from unnest($1::text[]) with ordinality as x(t, n) order by n', [texts]);
    expect(rows.map((r) => r.f)).toEqual(texts.map(asciiLower));
  });
});
