-- A5's and B1's status and copyright filters inside the trigram index (issue #28): a common term's
-- total under such a filter was counted by looking up every hit's row (`golden` + status at a
-- million NFTs: 130k lookups, 0.2 s for each new term × filter). `search_nfts` gains a `facets`
-- column holding one trigram per filter value — U+E000 U+E001 and the status's first letter,
-- U+E000 U+E002 and the copyright status's — so such a total is one index query
-- (`{name description}: "golden" AND {facets}: "<U+E000 U+E001>m"`: ~25 ms). Every search names
-- its columns, so no term meets `facets` by accident. The statuses' first letters are distinct
-- (a test guards it: lib/storage/sqlite/search/fts.test.ts). The table is rebuilt from `nfts`
-- with the statement `db reindex` uses (lib/storage/sqlite/search/derived.ts ftsSources).
DROP TRIGGER `search_nfts_ai`;
--> statement-breakpoint
DROP TRIGGER `search_nfts_au_text`;
--> statement-breakpoint
DROP TRIGGER `search_contracts_au_name`;
--> statement-breakpoint
DROP TABLE `search_nfts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_nfts` USING fts5(
  name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs,
  token_uri, token_owner, copyright_metadata, licence, signature, facets,
  tokenize = 'trigram', content = '', contentless_delete = 1
);
--> statement-breakpoint
CREATE TRIGGER `search_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, facets)
  VALUES (new.rowid, new.name, new.description, new.external_url, new.image_path, (SELECT name FROM smart_contracts WHERE id = new.smart_contract_id), new.mint_transaction_hash, new.mint_logs, new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature,
    char(57344, 57345) || substr(new.status, 1, 1) || ' ' || char(57344, 57346) || substr(new.copyright_status, 1, 1));
  UPDATE smart_contracts SET total_nfts = total_nfts + 1, total_supply = total_supply + new.supply WHERE id = new.smart_contract_id;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- Only when an indexed value changed: a mint's other columns (token id, owner, timestamps) rewrite no entry.
CREATE TRIGGER `search_nfts_au_text` AFTER UPDATE OF name, description, external_url, image_path, smart_contract_id,
  mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, status, copyright_status ON `nfts`
  WHEN old.name IS NOT new.name OR old.description IS NOT new.description OR old.external_url IS NOT new.external_url
    OR old.image_path IS NOT new.image_path OR old.smart_contract_id IS NOT new.smart_contract_id
    OR old.mint_transaction_hash IS NOT new.mint_transaction_hash OR old.mint_logs IS NOT new.mint_logs
    OR old.token_uri IS NOT new.token_uri OR old.token_owner IS NOT new.token_owner
    OR old.copyright_metadata IS NOT new.copyright_metadata OR old.licence IS NOT new.licence OR old.signature IS NOT new.signature
    OR old.status IS NOT new.status OR old.copyright_status IS NOT new.copyright_status BEGIN
  DELETE FROM `search_nfts` WHERE rowid = old.rowid;
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, facets)
  VALUES (new.rowid, new.name, new.description, new.external_url, new.image_path, (SELECT name FROM smart_contracts WHERE id = new.smart_contract_id), new.mint_transaction_hash, new.mint_logs, new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature,
    char(57344, 57345) || substr(new.status, 1, 1) || ' ' || char(57344, 57346) || substr(new.copyright_status, 1, 1));
END;
--> statement-breakpoint
CREATE TRIGGER `search_contracts_au_name` AFTER UPDATE OF name ON `smart_contracts` WHEN old.name IS NOT new.name BEGIN
  DELETE FROM `search_nfts` WHERE rowid IN (SELECT rowid FROM nfts WHERE smart_contract_id = new.id);
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, facets)
  SELECT rowid, name, description, external_url, image_path, new.name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature,
    char(57344, 57345) || substr(status, 1, 1) || ' ' || char(57344, 57346) || substr(copyright_status, 1, 1) FROM nfts WHERE smart_contract_id = new.id;
END;
--> statement-breakpoint
INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature, facets)
  SELECT n.rowid, n.name, n.description, n.external_url, n.image_path, c.name, n.mint_transaction_hash, n.mint_logs, n.token_uri, n.token_owner, n.copyright_metadata, n.licence, n.signature,
    char(57344, 57345) || substr(n.status, 1, 1) || ' ' || char(57344, 57346) || substr(n.copyright_status, 1, 1)
  FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id;
--> statement-breakpoint
INSERT INTO `search_nfts` (`search_nfts`) VALUES ('optimize');
