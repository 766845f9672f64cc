-- Search and derived data (issue #9). Every derived structure below is kept exact by triggers, so
-- it is right whichever code path writes the base tables; `npm run cli -- db reindex` rebuilds it
-- all from the base tables (lib/storage/sqlite/search/maintenance.ts holds the same rebuild statements).
--
-- Full-text indexes: contentless FTS5 tables (contentless_delete=1) with the trigram tokenizer,
-- rowid = the base row's rowid. They only narrow the candidates; the original predicate is still
-- applied to every candidate, so semantics never change (see lib/storage/sqlite/search/fts.ts).
CREATE VIRTUAL TABLE `search_nfts` USING fts5(
  name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs,
  token_uri, token_owner, copyright_metadata, licence, signature,
  tokenize = 'trigram', content = '', contentless_delete = 1
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_contracts` USING fts5(name, symbol, description, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_users` USING fts5(email, name, user_name, full_name, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_invitations` USING fts5(email, tokenize = 'trigram', content = '', contentless_delete = 1);
--> statement-breakpoint
-- ---------------------------------------------------------------- NFTs
CREATE TRIGGER `search_nfts_ai` AFTER INSERT ON `nfts` BEGIN
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature)
  VALUES (new.rowid, new.name, new.description, new.external_url, new.image_path, (SELECT name FROM smart_contracts WHERE id = new.smart_contract_id), new.mint_transaction_hash, new.mint_logs, new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature);
  UPDATE smart_contracts SET total_nfts = total_nfts + 1, total_supply = total_supply + new.supply WHERE id = new.smart_contract_id;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- Runs before the cascade removes the shares, while they still say whose counts to lower.
CREATE TRIGGER `search_nfts_bd` BEFORE DELETE ON `nfts` BEGIN
  UPDATE user_organizations SET total_nfts = total_nfts - 1
    WHERE organization_id = old.organization_id AND user_id IN (SELECT user_id FROM copyright_shares WHERE nft_id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_nfts_ad` AFTER DELETE ON `nfts` BEGIN
  DELETE FROM `search_nfts` WHERE rowid = old.rowid;
  UPDATE smart_contracts SET total_nfts = total_nfts - 1, total_supply = total_supply - old.supply WHERE id = old.smart_contract_id;
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name IN ('nfts', 'nfts:status:' || old.status);
  INSERT INTO search_counters (organization_id, name, n) VALUES (old.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_nfts_au_text` AFTER UPDATE OF name, description, external_url, image_path, smart_contract_id, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature ON `nfts` BEGIN
  DELETE FROM `search_nfts` WHERE rowid = old.rowid;
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature)
  VALUES (new.rowid, new.name, new.description, new.external_url, new.image_path, (SELECT name FROM smart_contracts WHERE id = new.smart_contract_id), new.mint_transaction_hash, new.mint_logs, new.token_uri, new.token_owner, new.copyright_metadata, new.licence, new.signature);
END;
--> statement-breakpoint
CREATE TRIGGER `search_nfts_au_totals` AFTER UPDATE OF supply, smart_contract_id ON `nfts` BEGIN
  UPDATE smart_contracts SET total_nfts = total_nfts - 1, total_supply = total_supply - old.supply WHERE id = old.smart_contract_id;
  UPDATE smart_contracts SET total_nfts = total_nfts + 1, total_supply = total_supply + new.supply WHERE id = new.smart_contract_id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_nfts_au_status` AFTER UPDATE OF status ON `nfts` WHEN old.status IS NOT new.status BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'nfts:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'nfts:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- Any other change to an NFT can change a search answer: bump the organization's generation
-- (the key of the exact count cache, lib/storage/sqlite/search/count-cache.ts).
CREATE TRIGGER `search_nfts_au_gen` AFTER UPDATE ON `nfts` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- copyright shares
CREATE TRIGGER `search_shares_ai` AFTER INSERT ON `copyright_shares` BEGIN
  UPDATE nfts SET copyrighted = coalesce((SELECT count(*) > 0 AND sum(status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = new.nft_id), 0) WHERE id = new.nft_id;
  UPDATE user_organizations SET total_nfts = total_nfts + 1
    WHERE user_id = new.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = new.nft_id);
END;
--> statement-breakpoint
-- On a cascade from a deleted NFT the NFT is already gone here, so nothing is counted twice.
CREATE TRIGGER `search_shares_ad` AFTER DELETE ON `copyright_shares` BEGIN
  UPDATE nfts SET copyrighted = coalesce((SELECT count(*) > 0 AND sum(status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = old.nft_id), 0) WHERE id = old.nft_id;
  UPDATE user_organizations SET total_nfts = total_nfts - 1
    WHERE user_id = old.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = old.nft_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_shares_au` AFTER UPDATE OF status, nft_id, user_id ON `copyright_shares` BEGIN
  UPDATE nfts SET copyrighted = coalesce((SELECT count(*) > 0 AND sum(status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = old.nft_id), 0) WHERE id = old.nft_id;
  UPDATE nfts SET copyrighted = coalesce((SELECT count(*) > 0 AND sum(status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = new.nft_id), 0) WHERE id = new.nft_id;
  UPDATE user_organizations SET total_nfts = total_nfts - 1
    WHERE user_id = old.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = old.nft_id);
  UPDATE user_organizations SET total_nfts = total_nfts + 1
    WHERE user_id = new.user_id AND organization_id = (SELECT organization_id FROM nfts WHERE id = new.nft_id);
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- smart contracts
CREATE TRIGGER `search_contracts_ai` AFTER INSERT ON `smart_contracts` BEGIN
  INSERT INTO `search_contracts` (rowid, name, symbol, description) VALUES (new.rowid, new.name, new.symbol, new.description);
  UPDATE smart_contracts SET total_nfts = (SELECT count(*) FROM nfts WHERE smart_contract_id = new.id),
    total_supply = (SELECT coalesce(sum(supply), 0) FROM nfts WHERE smart_contract_id = new.id) WHERE rowid = new.rowid;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'contracts', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'contracts:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_contracts_ad` AFTER DELETE ON `smart_contracts` BEGIN
  DELETE FROM `search_contracts` WHERE rowid = old.rowid;
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name IN ('contracts', 'contracts:status:' || old.status);
  INSERT INTO search_counters (organization_id, name, n) VALUES (old.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_contracts_au_text` AFTER UPDATE OF name, symbol, description ON `smart_contracts` BEGIN
  DELETE FROM `search_contracts` WHERE rowid = old.rowid;
  INSERT INTO `search_contracts` (rowid, name, symbol, description) VALUES (new.rowid, new.name, new.symbol, new.description);
END;
--> statement-breakpoint
-- B1 searches an NFT by its contract's name too.
CREATE TRIGGER `search_contracts_au_name` AFTER UPDATE OF name ON `smart_contracts` WHEN old.name IS NOT new.name BEGIN
  DELETE FROM `search_nfts` WHERE rowid IN (SELECT rowid FROM nfts WHERE smart_contract_id = new.id);
  INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature)
  SELECT rowid, name, description, external_url, image_path, new.name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature FROM nfts WHERE smart_contract_id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `search_contracts_au_status` AFTER UPDATE OF status ON `smart_contracts` WHEN old.status IS NOT new.status BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'contracts:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'contracts:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_contracts_au_gen` AFTER UPDATE OF name, symbol, description, status, contract_address, deployed_at, network, env, organization_id ON `smart_contracts` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- members, users, invitations
CREATE TRIGGER `search_members_ai` AFTER INSERT ON `user_organizations` BEGIN
  UPDATE user_organizations SET total_nfts = (SELECT count(*) FROM copyright_shares s CROSS JOIN nfts n ON n.id = s.nft_id WHERE s.user_id = new.user_id AND n.organization_id = new.organization_id) WHERE rowid = new.rowid;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'members', 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'members:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_members_ad` AFTER DELETE ON `user_organizations` BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name IN ('members', 'members:status:' || old.status);
  INSERT INTO search_counters (organization_id, name, n) VALUES (old.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_members_au_status` AFTER UPDATE OF status ON `user_organizations` WHEN old.status IS NOT new.status BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'members:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'members:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_users_ai` AFTER INSERT ON `users` BEGIN
  INSERT INTO `search_users` (rowid, email, name, user_name, full_name) VALUES (new.rowid, new.email, new.name, new.user_name, new.first_name || ' ' || new.last_name);
END;
--> statement-breakpoint
CREATE TRIGGER `search_users_ad` AFTER DELETE ON `users` BEGIN
  DELETE FROM `search_users` WHERE rowid = old.rowid;
END;
--> statement-breakpoint
-- Users are global: a change can alter any organization's member search, so the global ('') generation moves.
CREATE TRIGGER `search_users_au` AFTER UPDATE OF email, name, user_name, first_name, last_name ON `users` BEGIN
  DELETE FROM `search_users` WHERE rowid = old.rowid;
  INSERT INTO `search_users` (rowid, email, name, user_name, full_name) VALUES (new.rowid, new.email, new.name, new.user_name, new.first_name || ' ' || new.last_name);
  INSERT INTO search_counters (organization_id, name, n) VALUES ('', 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_wallets_gen` AFTER INSERT ON `wallets` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES ('', 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_wallets_gen_u` AFTER UPDATE OF is_primary, address, user_id ON `wallets` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES ('', 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_wallets_gen_d` AFTER DELETE ON `wallets` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES ('', 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_invitations_ai` AFTER INSERT ON `invitations` BEGIN
  INSERT INTO `search_invitations` (rowid, email) VALUES (new.rowid, new.email);
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'invitations:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_invitations_ad` AFTER DELETE ON `invitations` BEGIN
  DELETE FROM `search_invitations` WHERE rowid = old.rowid;
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'invitations:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) VALUES (old.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `search_invitations_au_email` AFTER UPDATE OF email ON `invitations` BEGIN
  DELETE FROM `search_invitations` WHERE rowid = old.rowid;
  INSERT INTO `search_invitations` (rowid, email) VALUES (new.rowid, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `search_invitations_au` AFTER UPDATE OF status, email, organization_id ON `invitations` BEGIN
  UPDATE search_counters SET n = n - 1 WHERE organization_id = old.organization_id AND name = 'invitations:status:' || old.status;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'invitations:status:' || new.status, 1) ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'gen', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- token sends: the nonce counter
CREATE TRIGGER `search_transfers_ai` AFTER INSERT ON `token_transfers` BEGIN
  INSERT INTO search_counters (organization_id, name, n) VALUES (new.organization_id, 'transfers', 1) ON CONFLICT DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- ---------------------------------------------------------------- build everything for existing data
INSERT INTO `search_nfts` (rowid, name, description, external_url, image_path, contract_name, mint_transaction_hash, mint_logs, token_uri, token_owner, copyright_metadata, licence, signature)
  SELECT n.rowid, n.name, n.description, n.external_url, n.image_path, c.name, n.mint_transaction_hash, n.mint_logs, n.token_uri, n.token_owner, n.copyright_metadata, n.licence, n.signature
  FROM nfts n JOIN smart_contracts c ON c.id = n.smart_contract_id;
--> statement-breakpoint
INSERT INTO `search_contracts` (rowid, name, symbol, description) SELECT rowid, name, symbol, description FROM smart_contracts;
--> statement-breakpoint
INSERT INTO `search_users` (rowid, email, name, user_name, full_name) SELECT rowid, email, name, user_name, first_name || ' ' || last_name FROM users;
--> statement-breakpoint
INSERT INTO `search_invitations` (rowid, email) SELECT rowid, email FROM invitations;
--> statement-breakpoint
UPDATE smart_contracts SET total_nfts = (SELECT count(*) FROM nfts WHERE smart_contract_id = smart_contracts.id),
  total_supply = (SELECT coalesce(sum(supply), 0) FROM nfts WHERE smart_contract_id = smart_contracts.id);
--> statement-breakpoint
UPDATE nfts SET copyrighted = coalesce((SELECT count(*) > 0 AND sum(status <> 'AUTHORIZED') = 0 FROM copyright_shares WHERE nft_id = nfts.id), 0);
--> statement-breakpoint
UPDATE user_organizations SET total_nfts = (SELECT count(*) FROM copyright_shares s CROSS JOIN nfts n ON n.id = s.nft_id WHERE s.user_id = user_organizations.user_id AND n.organization_id = user_organizations.organization_id);
--> statement-breakpoint
INSERT INTO search_counters (organization_id, name, n)
  SELECT organization_id, 'nfts', count(*) FROM nfts GROUP BY organization_id
  UNION ALL SELECT organization_id, 'nfts:status:' || status, count(*) FROM nfts GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'contracts', count(*) FROM smart_contracts GROUP BY organization_id
  UNION ALL SELECT organization_id, 'contracts:status:' || status, count(*) FROM smart_contracts GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'members', count(*) FROM user_organizations GROUP BY organization_id
  UNION ALL SELECT organization_id, 'members:status:' || status, count(*) FROM user_organizations GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'invitations:status:' || status, count(*) FROM invitations GROUP BY organization_id, status
  UNION ALL SELECT organization_id, 'transfers', count(*) FROM token_transfers GROUP BY organization_id;
