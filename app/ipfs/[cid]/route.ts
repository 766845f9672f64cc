import { withHsts } from '@/lib/http/response-headers';
import { serveContent } from '@/lib/content-store/gateway';

/** Public, read-only content gateway: GET /ipfs/<cid>. */
export async function GET(req: Request, ctx: { params: Promise<{ cid: string }> }) {
  const { cid } = await ctx.params;
  return withHsts(await serveContent(req, cid));
}
