import Database from 'better-sqlite3';

/**
 * Every character whose JavaScript lower-case form the FTS5 trigram tokenizer (case_sensitive 0)
 * does not fold to the same thing — newer Unicode case pairs (Cherokee, Georgian Mtavruli, …)
 * its tables do not know, and U+0130 (İ), which JavaScript lowers to two characters.
 * Computed against the SQLite actually linked, in one in-memory pass (~0.3 s); a term containing
 * any of these is searched without the index so results never depend on the tokenizer's tables.
 */
export function computeFoldExceptions(): Set<string> {
  const db = new Database(':memory:');
  try {
    db.exec("create virtual table f using fts5(t, tokenize = 'trigram', content = '', contentless_delete = 1)");
    const insert = db.prepare('insert into f (rowid, t) values (?, ?)');
    const pairs: [number, string, string][] = [];
    for (let c = 0; c < 0x110000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const s = String.fromCodePoint(c);
      const lower = s.toLowerCase();
      if (lower !== s) pairs.push([c, s, lower]);
    }
    db.transaction(() => {
      for (const [c, s] of pairs) insert.run(c, s.repeat(3));
    })();
    // The cast: FTS5 ignores `rowid = ?` bound to a JavaScript number (it arrives as a REAL) and
    // would answer for any row holding the phrase.
    const match = db.prepare('select 1 from f where rowid = cast(? as integer) and f match ?');
    const out = new Set<string>();
    for (const [c, s, lower] of pairs) {
      const single = [...lower].length === 1;
      // İ lowers to "i" + U+0307; that case is handled by the caller (see ftsPhrase), so plain
      // "i" stays searchable through the index.
      if (!single) {
        out.add(s);
        continue;
      }
      if (!match.get(c, `"${lower.repeat(3).replaceAll('"', '""')}"`)) {
        out.add(s);
        out.add(lower);
      }
    }
    return out;
  } finally {
    db.close();
  }
}

/**
 * Every non-ASCII character that some fold in play turns into (or towards) ASCII text: the FTS5
 * trigram tokenizer's (U+212A KELVIN SIGN → k, U+017F LONG S → s), JavaScript's toLowerCase
 * (U+0130 İ → "i" + U+0307, U+212A → k), and U+0307 itself (what İ leaves in a stored fold).
 * A row whose searched text holds none of them matches an ASCII term through the trigram index
 * exactly when it matches it through LIKE or B1's folds: both sides then see the same ASCII
 * letters (lib/storage/sqlite/search/fts-count.ts relies on it). The tokenizer side is probed over the whole BMP
 * (~70 ms, once per process); its tables fold astral characters only to astral ones.
 */
export function computeAsciiFoldingChars(): Set<string> {
  const out = new Set<string>(['\u0307']);
  for (let c = 0x80; c < 0x110000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const s = String.fromCodePoint(c);
    if ([...s.toLowerCase()].some((x) => x.charCodeAt(0) < 0x80)) out.add(s);
  }
  const db = new Database(':memory:');
  try {
    db.exec("create virtual table f using fts5(t, tokenize = 'trigram', content = '', contentless_delete = 1)");
    const insert = db.prepare('insert into f (rowid, t) values (?, ?)');
    db.transaction(() => {
      for (let c = 0x80; c < 0x10000; c++) if (c < 0xd800 || c > 0xdfff) insert.run(c, String.fromCharCode(c).repeat(3));
    })();
    const match = db.prepare('select rowid as c from f where f match ?');
    for (let a = 0x21; a < 0x7f; a++) {
      const ch = String.fromCharCode(a);
      const phrase = `"${ch.repeat(3).replaceAll('"', '""')}"`;
      for (const row of match.all(phrase) as { c: number }[]) out.add(String.fromCharCode(row.c));
    }
  } finally {
    db.close();
  }
  // What JavaScript lowers those to must be caught in a stored fold too (e.g. ſ stays ſ).
  for (const s of [...out]) for (const x of s.toLowerCase()) if (x.charCodeAt(0) >= 0x80) out.add(x);
  return out;
}
