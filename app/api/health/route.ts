import { withHsts } from '@/lib/http/response-headers';

/** Liveness: the process answers. No database, no secrets; never cached. */
export const dynamic = 'force-dynamic';

export function GET() {
  return withHsts(Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }));
}
