import { serveContent } from '@/lib/content-store/gateway';

/** Public, read-only content gateway: GET /ipfs/<cid>. */
export async function GET(req: Request, ctx: { params: Promise<{ cid: string }> }) {
  const { cid } = await ctx.params;
  return serveContent(req, cid);
}
