import { copyIn, organizationWithContract } from './database';
import type { PgDb } from '@/lib/storage/postgres/connection';

/**
 * An organization whose NFTs are written the ways a standard tool writes them, for the stored
 * search counts' tests: 120 by INSERT … SELECT (name `names[i % n]` + `sep` + i, every fourth
 * description NULL and the others from `descriptions`, every fifth an external URL `url`, statuses
 * CREATED / MINTED / FAILED in turn), then 30 by COPY (`copied Ü i`, odd ones described `copied`).
 */
export async function seedSearchTexts(
  pool: PgDb['$client'],
  texts: { names: string[]; sep: string; descriptions: string[]; url: string; copied: string; contractName?: string },
): Promise<{ o: string; contract: string }> {
  const { organizationId: o, contractId: contract } = await organizationWithContract(pool);
  if (texts.contractName) await pool.query(`update smart_contracts set name = $2 where id = $1`, [contract, texts.contractName]);
  await pool.query(
    `insert into nfts (id, organization_id, smart_contract_id, name, description, external_url, status, supply, copyrighted, created_at, updated_at)
     select gen_random_uuid()::text, $1, $2,
       ($3::text[])[1 + i % cardinality($3::text[])] || $4 || i,
       case when i % 4 = 0 then null else ($5::text[])[1 + i % cardinality($5::text[])] end,
       case when i % 5 = 0 then $6 else null end,
       (array['CREATED', 'MINTED', 'FAILED'])[1 + i % 3], 1, false, now(), now()
     from generate_series(1, 120) i`,
    [o, contract, texts.names, texts.sep, texts.descriptions, texts.url],
  );
  const copied = (i: number) => `${crypto.randomUUID()}\t${o}\t${contract}\tcopied Ü ${i}\t${i % 2 ? texts.copied : '\\N'}\tCREATED\t1\t2026-01-01\t2026-01-01`;
  await copyIn(pool, 'nfts (id, organization_id, smart_contract_id, name, description, status, supply, created_at, updated_at)', Array.from({ length: 30 }, (_, i) => copied(i)));
  return { o, contract };
}
