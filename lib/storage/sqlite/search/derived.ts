import { b1GramsSql, shortGramsSql } from '@/lib/storage/sqlite/derived-writes';
import { FOLD_UNSAFE } from '@/lib/storage/sqlite/functions';

/**
 * What every derived structure must contain, as SQL over the base tables only. `db reindex`
 * writes these; `db check` compares them with what the triggers and the engine's derived writes
 * (lib/storage/sqlite/derived-writes.ts) maintained. The migration that
 * created the structures (db/migrations/*_search_fts.sql) backfills with the same statements.
 */

export type FtsSource = {
  table: string;
  /** The FTS columns, in order. */
  columns: readonly string[];
  /** SELECT rowid AS rid, <columns…> over the base tables. */
  source: string;
  /**
   * The short-term index's shape (lib/storage/sqlite/grams.ts): each source value is already the
   * space-separated token list, so a row's token count is that list's length and each row is
   * probed by one of its own tokens. Absent: a trigram index over the raw text.
   */
  tokens?: 'listed';
};

/**
 * `search_nfts.facets` of a row of `nfts` (alias `n`): one trigram per filter value — U+E000 U+E001
 * and the status's first letter, U+E000 U+E002 and the copyright status's (db/migrations/0027,
 * whose triggers write the same; lib/storage/sqlite/search/fts.ts facetPhrase reads it).
 */
export const facetsSql = (n: string) => `char(57344, 57345) || substr(${n}.status, 1, 1) || ' ' || char(57344, 57346) || substr(${n}.copyright_status, 1, 1)`;

export const ftsSources: readonly FtsSource[] = [
  {
    table: 'search_nfts',
    columns: [
      'name',
      'description',
      'external_url',
      'image_path',
      'contract_name',
      'mint_transaction_hash',
      'mint_logs',
      'token_uri',
      'token_owner',
      'copyright_metadata',
      'licence',
      'signature',
      'facets',
    ],
    source: `SELECT n.rowid AS rid, n.name, n.description, n.external_url, n.image_path, c.name, n.mint_transaction_hash, n.mint_logs,
      n.token_uri, n.token_owner, n.copyright_metadata, n.licence, n.signature, ${facetsSql('n')}
      FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id`,
  },
  {
    table: 'search_contracts',
    columns: ['name', 'symbol', 'description'],
    source: 'SELECT rowid AS rid, name, symbol, description FROM smart_contracts',
  },
  {
    table: 'search_users',
    columns: ['email', 'name', 'user_name', 'full_name'],
    source: `SELECT rowid AS rid, email, name, user_name, first_name || ' ' || last_name FROM users`,
  },
  { table: 'search_invitations', columns: ['email'], source: 'SELECT rowid AS rid, email FROM invitations' },
  {
    table: 'search_nfts_short',
    columns: ['grams'],
    source: shortGramsSql,
    tokens: 'listed',
  },
  {
    // B1's short-term index: its tokens are defined once, where the engine writes them.
    table: 'search_nfts_b1_short',
    columns: ['grams'],
    source: b1GramsSql,
    tokens: 'listed',
  },
];

export const copyrightedSql = `coalesce((SELECT count(*) > 0 AND sum(s.status <> 'AUTHORIZED') = 0 FROM copyright_shares s WHERE s.nft_id = nfts.id), 0)`;
export const contractTotalNftsSql = `(SELECT count(*) FROM nfts n WHERE n.smart_contract_id = smart_contracts.id)`;
export const contractTotalSupplySql = `(SELECT coalesce(sum(n.supply), 0) FROM nfts n WHERE n.smart_contract_id = smart_contracts.id)`;
// CROSS JOIN fixes the join order (shares of the user first): left to itself SQLite may walk every
// NFT of the organization for each member — at 1M NFTs that never finishes.
export const memberTotalNftsSql = `(SELECT count(*) FROM copyright_shares s CROSS JOIN nfts n ON n.id = s.nft_id
  WHERE s.user_id = user_organizations.user_id AND n.organization_id = user_organizations.organization_id)`;

/**
 * (organization_id, status, supply, n): how many NFTs of each organization and status hold each
 * supply value — `nft_supply_counts` (db/migrations/0016_supply_counts.sql), B1's range totals
 * over supply (lib/storage/sqlite/nft-search/range-count.ts).
 */
export const supplyCountsSql = 'SELECT organization_id, status, supply, count(*) AS n FROM nfts GROUP BY organization_id, status, supply';

/**
 * (organization_id, name, n) of every counter except the generations. `nfts:fold_unsafe` calls
 * cl2c_fold_unsafe (registerFold) and reads `contract_name_fold`, so a rebuild recomputes the
 * stored folds first.
 */
export const countersSql = `
  SELECT organization_id, 'nfts' AS name, count(*) AS n FROM nfts GROUP BY organization_id
  UNION ALL SELECT organization_id, 'nfts:status:' || status, count(*) FROM nfts GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'nfts:copyrighted:status:' || status, count(*) FROM nfts WHERE copyrighted GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'nfts:copyright:' || copyright_status || ':status:' || status, count(*) FROM nfts
    WHERE copyright_status <> 'NONE' GROUP BY organization_id, copyright_status, status
  UNION ALL SELECT organization_id, 'contracts', count(*) FROM smart_contracts GROUP BY organization_id
  UNION ALL SELECT organization_id, 'contracts:status:' || status, count(*) FROM smart_contracts GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'members', count(*) FROM user_organizations GROUP BY organization_id
  UNION ALL SELECT organization_id, 'members:status:' || status, count(*) FROM user_organizations GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'invitations:status:' || status, count(*) FROM invitations GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'transfers', count(*) FROM token_transfers GROUP BY organization_id
  UNION ALL SELECT organization_id, 'nfts:fold_unsafe', count(*) FROM nfts
    WHERE ${FOLD_UNSAFE}(name, description, external_url, image_path, mint_transaction_hash, mint_logs,
      token_uri, token_owner, copyright_metadata, licence, signature, contract_name_fold)
    GROUP BY organization_id`;
