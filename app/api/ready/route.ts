import { withHsts } from '@/lib/http/response-headers';
import { readiness } from '@/lib/ops/readiness';

/** Readiness (lib/ops/readiness.ts): 200 when every dependency is usable, else 503; each state listed. */
export const dynamic = 'force-dynamic';

export async function GET() {
  const result = await readiness();
  return withHsts(
    Response.json(
      { status: result.ready ? 'ready' : 'not_ready', engine: result.engine, checks: result.checks },
      { status: result.ready ? 200 : 503, headers: { 'cache-control': 'no-store' } },
    ),
  );
}
