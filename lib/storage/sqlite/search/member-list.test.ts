import { describe, expect, it } from 'vitest';
import { getStore } from '@/lib/storage/current';
import { listMembers } from '@/lib/members/service';
import type { ListMembersQuery } from '@/lib/members/schemas';
import { memberPage as sqliteMemberPage } from '@/lib/storage/sqlite/lists/members';
import { sqliteDbOf } from '@/lib/storage/sqlite/store';
import { apply, memberStatuses, names, newOrganization } from '@/test/member-writes';
import { preparedDuring } from '@/test/prepared-statements';
import { check, reindex } from './maintenance';
import { memberListColumns } from './member-list';

// SQLite's own structures: the trigger-kept table's check/reindex and its index plans (PostgreSQL's
// twins: lib/storage/postgres/lists/*.test.ts and the db check tests there).
describe('A9 member_list on SQLite', () => {
  it('db check fails after member_list is changed behind its back, and db reindex repairs it', async () => {
    const store = await getStore();
    const sqlite = sqliteDbOf(store).$client;
    const org = await newOrganization(store, 'tamper');
    await apply(store, org.id, { op: 'addMember', name: 'Ann Harbor', status: 'ACTIVE', t: 0 });
    await apply(store, org.id, { op: 'addInvitation', name: 'harbor', status: 'PENDING', t: 1 });
    expect(check(sqlite).problems).toEqual([]);
    const tamperings: [string, string][] = [
      ['email', `update member_list set email = 'someone@else.test' where organization_id = '${org.id}' and kind = 'member'`],
      ['has_wallet', `update member_list set has_wallet = 1 where organization_id = '${org.id}' and kind = 'member'`],
      ['status', `update member_list set status = 'SUSPENDED' where organization_id = '${org.id}' and kind = 'member'`],
      ['sort value', `update member_list set created_at = created_at + 1 where organization_id = '${org.id}' and kind = 'invitation'`],
      ['missing row', `delete from member_list where organization_id = '${org.id}' and kind = 'invitation'`],
      ['extra row', `insert into member_list (id, organization_id, kind, email, status, created_at, updated_at) values ('ghost', '${org.id}', 'invitation', 'g@x.test', 'PENDING', 1, 1)`],
      [
        'repeated row',
        `insert into member_list (${memberListColumns}) select ${memberListColumns} from member_list where organization_id = '${org.id}' and kind = 'member'`,
      ],
      ['base row written with the triggers off', `drop trigger member_list_invitations_au; update invitations set status = 'REVOKED' where organization_id = '${org.id}'`],
    ];
    const ddl = (sqlite.prepare("select sql from sqlite_master where name = 'member_list_invitations_au'").get() as { sql: string }).sql;
    for (const [what, statement] of tamperings) {
      sqlite.exec(statement);
      const result = check(sqlite);
      expect(result.ok, what).toBe(false);
      expect(result.problems.join('\n'), what).toMatch(/member_list/);
      reindex(sqlite);
      expect(check(sqlite).problems, `${what} after reindex`).toEqual([]);
    }
    sqlite.exec(ddl);
    expect((await listMembers(store, org.id, { page: 1, limit: 20, search: null, sortBy: 'createdAt', sortOrder: 'desc' })).data.map((d) => d.kind)).toEqual(['member']);
  });

  it('reads every page off an (organization[, filter], sort, id) index, without sorting', async () => {
    const store = await getStore();
    const db = sqliteDbOf(store);
    const sqlite = db.$client;
    const org = await newOrganization(store, 'plan');
    for (let i = 0; i < 30; i++) await apply(store, org.id, { op: 'addMember', name: names[i % names.length]!, status: memberStatuses[i % 2]!, t: i % 3 });
    for (let i = 0; i < 10; i++) await apply(store, org.id, { op: 'addInvitation', name: names[i % names.length]!, status: 'PENDING', t: i % 3 });
    const filters: [string, Partial<ListMembersQuery>, string][] = [
      ['none', {}, 'member_list'],
      ['status', { status: 'ACTIVE' }, 'member_list_status'],
      ['hasWallet', { hasWallet: false }, 'member_list_wallet'],
    ];
    for (const sortBy of ['createdAt', 'updatedAt', 'email', 'status'] as const) {
      for (const [name, filter, prefix] of filters) {
        const statements = preparedDuring(db, () => {
          // The engine's page read itself (synchronous on SQLite), as listMembers calls it.
          sqliteMemberPage(db, org.id, { page: 3, limit: 4, search: null, sortBy, sortOrder: 'desc', ...filter });
        });
        const paging = statements.filter((s) => /from "member_list" as "ml"/.test(s) && /order by/.test(s));
        // The anchor steps and the page read (lib/storage/sqlite/search/anchors.ts): every one an index range.
        expect(paging.length, `${sortBy} × ${name}`).toBeGreaterThan(0);
        // `status` sorts its ties by created_at: (organization[, filter], status, created_at, id).
        const column = { createdAt: 'created', updatedAt: 'updated', email: 'email', status: 'status_created' }[sortBy];
        const index = name === 'status' && sortBy === 'status' ? 'member_list_status_created_idx' : `${prefix}_${column}_idx`;
        for (const source of paging) {
          const params = Array.from(source.matchAll(/\?/g), () => null);
          const plan = (sqlite.prepare(`explain query plan ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('\n');
          expect(plan, `${sortBy} × ${name}: ${source}`).toContain(`USING COVERING INDEX ${index}`);
          // The anchors' NULL segment is an empty index range here (the sort columns are NOT NULL).
          if (!/ is null /.test(source)) expect(plan, `${sortBy} × ${name}: ${source}`).not.toMatch(/TEMP B-TREE/);
        }
      }
    }
  });
});
