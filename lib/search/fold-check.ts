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
    const match = db.prepare('select 1 from f where rowid = ? and f match ?');
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
