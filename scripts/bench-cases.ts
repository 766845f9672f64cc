import { GET as listContracts } from '@/app/api/v1/cl2c/contract/route';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type BenchCase = { name: string; handler: Handler; path: string; query: Record<string, string | number> };

/** The list queries worth timing; each area adds its own. */
export function cases({ rows }: { contractId: string; rows: number }): BenchCase[] {
  const lastPage = Math.max(1, Math.floor(rows / 20));
  const contract = (name: string, query: BenchCase['query']): BenchCase => ({
    name: `A1 contracts ${name}`,
    handler: listContracts,
    path: '/api/v1/cl2c/contract',
    query,
  });
  return [
    contract('page 1 (default sort)', {}),
    contract('status=DEPLOYED page 1', { status: 'DEPLOYED' }),
    contract('sortBy=name asc page 1', { sortBy: 'name', sortOrder: 'asc' }),
    contract('page 1,000', { page: 1000 }),
    contract(`last page (${lastPage})`, { page: lastPage }),
    contract('search "needle 7" (substring scan)', { search: 'needle 7' }),
  ];
}
