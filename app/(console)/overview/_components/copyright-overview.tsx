import Link from 'next/link';
import { Card } from '@/components/ui/card';
import { countCopyrightStates } from '@/lib/copyright/overview';
import { getStore } from '@/lib/storage/current';

/** Overview: NFTs whose copyright holders still have to answer (and rejected splits to fix). */
export async function CopyrightOverview({ organizationId }: { organizationId: string }) {
  const c = await countCopyrightStates(await getStore(), organizationId);
  return (
    <Card className="mt-4 p-4" data-testid="stat-awaiting-authorization">
      <Link href="/nfts?copyrightStatus=AWAITING" className="block rounded">
        <p className="text-sm font-medium text-slate-600">NFTs awaiting copyright authorization</p>
        <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums">{c.AWAITING}</p>
      </Link>
      <p className="mt-1 text-xs text-slate-500">
        <Link href="/nfts?copyrightStatus=REJECTED" className="hover:underline">
          {c.REJECTED} rejected
        </Link>{' '}
        ·{' '}
        <Link href="/nfts?copyrightStatus=COPYRIGHTED" className="hover:underline">
          {c.COPYRIGHTED} copyrighted
        </Link>
      </p>
    </Card>
  );
}
