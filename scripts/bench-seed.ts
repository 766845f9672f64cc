/**
 * Seeds the benchmark's throw-away database: one organization with ROWS NFTs over
 * max(5, ROWS/800) contracts (1,250 at a million), MEMBERS people (half members, half pending
 * invitations), one copyright share per ten NFTs, plus a second organization so scoping is real.
 * Bulk path: the search triggers are dropped, plain INSERTs run in one transaction, the triggers
 * are restored and `db reindex` builds every derived structure — the documented bulk-import path.
 */
import type Database from 'better-sqlite3';
import { reindex } from '@/lib/storage/sqlite/search/maintenance';

/**
 * How the seed names things. `bench`: NFTs `amber harbor #12`, members `ada.12@bench.test`,
 * max(5, ROWS/800) contracts. `outside`: the seed of the outside run in issue 28 — NFTs
 * `harbor violet #123456` (a noun and a colour, each word in 1/10–1/11 of the names), 1,000
 * contracts, members and invitations `person<n>@outside.test` (so `person12` is a prefix of 1 to
 * ~11,000 of them).
 */
export type SeedStyle = 'bench' | 'outside';
export const seedStyles: readonly SeedStyle[] = ['bench', 'outside'];

/** Words NFT names are made of: each adjective is in ~10% of names (the "common" terms). */
export const adjectives = ['amber', 'bright', 'copper', 'distant', 'emerald', 'frozen', 'golden', 'hidden', 'ivory', 'jagged'];
export const nouns = ['harbor', 'meadow', 'canyon', 'lantern', 'orchard', 'glacier', 'station', 'compass', 'willow', 'beacon', 'summit'];
/** The outside seed's second word (each in ~10% of names). */
export const colours = ['violet', 'crimson', 'silver', 'indigo', 'scarlet', 'olive', 'azure', 'coral', 'ochre', 'teal'];
const firstNames = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Emma', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas'];
const lastNames = ['Müller', 'Smith', 'García', 'Rossi', 'Novak', 'Larsen', 'Okafor', 'Tanaka', 'Dubois', 'Silva'];
const nftStatuses = ['CREATED', 'PENDING', 'MINTED', 'FAILED'];
const contractStatuses = ['CREATED', 'DEPLOYED', 'FAILED'];

export type SeedResult = {
  contractIds: string[];
  memberIds: string[];
  contracts: number;
  seconds: number;
};

/** A cheap deterministic pseudo-random stream (so runs are comparable). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function seed(
  sqlite: Database.Database,
  organizationId: string,
  otherOrganizationId: string,
  rows: number,
  members: number,
  style: SeedStyle = 'bench',
): SeedResult {
  const started = performance.now();
  const rand = rng(42);
  const pickOf = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const outside = style === 'outside';
  const contractCount = outside ? Math.min(1000, Math.max(5, Math.ceil(rows / 800))) : Math.max(5, Math.ceil(rows / 800));
  const nftName = (i: number) => (outside ? `${pickOf(nouns)} ${pickOf(colours)} #${i}` : `${pickOf(adjectives)} ${pickOf(nouns)} #${i}`);
  const memberEmail = (first: string, i: number) => (outside ? `person${i}@outside.test` : `${first.toLowerCase()}.${i}@bench.test`);
  const inviteeEmail = (i: number) => (outside ? `person${i}@outside.test` : `invitee.${i}@bench.test`);
  const base = Date.UTC(2024, 0, 1);

  const triggers = sqlite.prepare("select name, sql from sqlite_master where type = 'trigger' and name like 'search_%'").all() as { name: string; sql: string }[];
  for (const t of triggers) sqlite.exec(`drop trigger ${t.name}`);
  const contractIds: string[] = [];
  const memberIds: string[] = [];
  try {
    sqlite.transaction(() => {
      const insertContract = sqlite.prepare(
        `insert into smart_contracts (id, organization_id, name, symbol, description, status, contract_address, deployed_at, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (let i = 0; i < contractCount; i++) {
        const id = crypto.randomUUID();
        contractIds.push(id);
        const status = contractStatuses[i % 3]!;
        const at = base + i * 60_000;
        insertContract.run(
          id,
          organizationId,
          `${pickOf(adjectives)} ${pickOf(nouns)} collection ${i}`,
          `C${i}`,
          `Contract number ${i} of the ${pickOf(nouns)} series`,
          status,
          status === 'DEPLOYED' ? `0x${i.toString(16).padStart(40, '0')}` : null,
          status === 'DEPLOYED' ? at + 3_600_000 : null,
          at,
          at,
        );
      }
      const otherContract = crypto.randomUUID();
      insertContract.run(otherContract, otherOrganizationId, 'amber harbor elsewhere', 'OTH', null, 'CREATED', null, null, base, base);

      const insertUser = sqlite.prepare(
        `insert into users (id, email, name, user_name, first_name, last_name, is_registered, email_confirmed, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 1, 1, ?, ?)`,
      );
      const insertMembership = sqlite.prepare(
        `insert into user_organizations (id, organization_id, user_id, status, role, created_at, updated_at) values (?, ?, ?, ?, 'MEMBER', ?, ?)`,
      );
      const insertWallet = sqlite.prepare(`insert into wallets (id, user_id, address, is_primary, created_at, updated_at) values (?, ?, ?, 1, ?, ?)`);
      const insertInvitation = sqlite.prepare(
        `insert into invitations (id, organization_id, email, status, token_hash, expires_at, send_count, created_at, updated_at)
         values (?, ?, ?, 'PENDING', ?, ?, 1, ?, ?)`,
      );
      const userIds: string[] = [];
      for (let i = 0; i < members; i++) {
        const at = base + i * 30_000;
        const first = pickOf(firstNames);
        const last = pickOf(lastNames);
        if (i % 2 === 0) {
          const userId = crypto.randomUUID();
          userIds.push(userId);
          insertUser.run(userId, memberEmail(first, i), `${first} ${last}`, `user_${i}`, first, last, at, at);
          const membershipId = crypto.randomUUID();
          memberIds.push(membershipId);
          insertMembership.run(membershipId, organizationId, userId, i % 10 === 0 ? 'SUSPENDED' : 'ACTIVE', at, at);
          if (i % 3 === 0) insertWallet.run(crypto.randomUUID(), userId, `0x${(i + 1).toString(16).padStart(40, '0')}`, at, at);
        } else {
          insertInvitation.run(crypto.randomUUID(), organizationId, inviteeEmail(i), `bench-${i}`, Date.now() + 7 * 864e5, at, at);
        }
      }

      const insertNft = sqlite.prepare(
        `insert into nfts (id, organization_id, smart_contract_id, name, description, supply, status, minted_at, token_id, token_uri, metadata_uri, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const insertShare = sqlite.prepare(
        `insert into copyright_shares (id, nft_id, user_id, percentage, status, created_at, updated_at) values (?, ?, ?, 100, ?, ?, ?)`,
      );
      for (let i = 0; i < rows; i++) {
        const id = crypto.randomUUID();
        const status = nftStatuses[i % 4]!;
        const at = base + i * 1000;
        const uri = `ipfs://bafkrei${id.replaceAll('-', '').slice(0, 20)}`;
        insertNft.run(
          id,
          organizationId,
          contractIds[i % contractIds.length]!,
          nftName(i),
          i % 3 === 0 ? `A ${pickOf(adjectives)} view of the ${pickOf(nouns)}, edition ${i % 97}` : null,
          1 + (i % 50),
          status,
          status === 'MINTED' ? at + 60_000 : null,
          status === 'MINTED' ? i : null,
          uri,
          uri,
          at,
          at + (i % 7) * 1000,
        );
        if (i % 10 === 0 && userIds.length) {
          insertShare.run(crypto.randomUUID(), id, userIds[(i / 10) % userIds.length]!, i % 20 === 0 ? 'AUTHORIZED' : 'PENDING', at, at);
        }
      }
      sqlite
        .prepare(`insert into nfts (id, organization_id, smart_contract_id, name, supply, status, created_at, updated_at) values (?, ?, ?, ?, 1, 'CREATED', ?, ?)`)
        .run(crypto.randomUUID(), otherOrganizationId, otherContract, 'amber harbor of another organization', base, base);
    })();
  } finally {
    for (const t of triggers) sqlite.exec(t.sql);
  }
  reindex(sqlite);
  sqlite.pragma('optimize');
  return { contractIds, memberIds, contracts: contractCount, seconds: (performance.now() - started) / 1000 };
}
