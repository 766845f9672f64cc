import {
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@/lib/errors';

export const ONE_MIB = 1024 * 1024;

/** Reads a JSON body with a byte cap, checking Content-Type first (415) and size (413). */
export async function readJsonBody(req: Request, maxBytes = ONE_MIB): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) throw new UnsupportedMediaTypeError();
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError(maxBytes);
  const text = await readCapped(req, maxBytes);
  if (text.trim() === '') throw new ValidationError('Request body is empty.', ['body: a JSON object is required']);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    throw new ValidationError('Request body is not valid JSON.', [`body: ${reason}`]);
  }
}

async function readCapped(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new PayloadTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
