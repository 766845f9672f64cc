import { GET as listContracts } from '@/app/api/v1/cl2c/contract/route';
import { GET as listNfts } from '@/app/api/v1/cl2c/nft/route';
import { GET as listMembers } from '@/app/api/v1/cl2c/user/route';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
export type BenchCase = { name: string; handler: Handler; path: string; query: Record<string, string | number> };

/** The list queries worth timing; each area adds its own. */
export function cases({ rows, contractId, members }: { contractId: string; rows: number; members: number }): BenchCase[] {
  const lastPage = Math.max(1, Math.floor(rows / 20));
  const contract = (name: string, query: BenchCase['query']): BenchCase => ({
    name: `A1 contracts ${name}`,
    handler: listContracts,
    path: '/api/v1/cl2c/contract',
    query,
  });
  const nft = (name: string, query: BenchCase['query']): BenchCase => ({
    name: `A5 NFTs ${name}`,
    handler: listNfts,
    path: '/api/v1/cl2c/nft',
    query,
  });
  const member = (name: string, query: BenchCase['query']): BenchCase => ({
    name: `A9 members ${name}`,
    handler: listMembers,
    path: '/api/v1/cl2c/user',
    query,
  });
  const lastMemberPage = Math.max(1, Math.floor(members / 20));
  return [
    contract('page 1 (default sort)', {}),
    contract('status=DEPLOYED page 1', { status: 'DEPLOYED' }),
    contract('sortBy=name asc page 1', { sortBy: 'name', sortOrder: 'asc' }),
    contract('page 1,000', { page: 1000 }),
    contract(`last page (${lastPage})`, { page: lastPage }),
    contract('search "needle 7" (substring scan)', { search: 'needle 7' }),
    nft('page 1 (default sort)', {}),
    nft('status=MINTED page 1', { status: 'MINTED' }),
    nft('contractId=… page 1', { contractId }),
    nft('sortBy=supply desc page 1', { sortBy: 'supply' }),
    nft(`last page (${lastPage})`, { page: lastPage }),
    nft('search "needle 7" (substring scan)', { search: 'needle 7' }),
    member('page 1 (members + invitations)', {}),
    member('status=PENDING page 1', { status: 'PENDING' }),
    member('sortBy=email asc page 1', { sortBy: 'email', sortOrder: 'asc' }),
    member(`last page (${lastMemberPage})`, { page: lastMemberPage }),
    member('search "user7"', { search: 'user7' }),
  ];
}
