import { errorFields, log } from '@/lib/logger';
import { getContent, parseCid } from './store';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function problem(status: number, error: string, details: string[] = []) {
  return Response.json({ error, details }, { status, headers: { 'cache-control': 'no-store' } });
}

/**
 * Serves stored content by CID. Content is addressed by its hash, so it never changes: the
 * ETag is the CID and caches may keep it forever. Served bytes are never rendered as active
 * content (nosniff, sandboxing CSP), whatever they are.
 */
export async function serveContent(req: Request, rawCid: string): Promise<Response> {
  const cid = parseCid(rawCid);
  if (!cid) return problem(400, 'Malformed CID.', [`cid: "${rawCid.slice(0, 120)}" is not a valid CID`]);
  const etag = `"${cid.toV1().toString()}"`;
  try {
    const content = await getContent(cid);
    if (!content) return problem(404, 'Content not found.', [`cid: ${rawCid} is not stored here`]);
    const headers = {
      'content-type': content.contentType,
      'cache-control': IMMUTABLE,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-ipfs-path': `/ipfs/${content.cid}`,
    };
    const match = req.headers.get('if-none-match');
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(new Uint8Array(content.bytes), { status: 200, headers: { ...headers, 'content-length': String(content.bytes.byteLength) } });
  } catch (error) {
    log('error', 'content gateway failed', { cid: rawCid, ...errorFields(error) });
    return problem(500, 'Internal server error.');
  }
}
