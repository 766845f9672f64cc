import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import { parseCid } from '@/lib/content-store/store';
import { ImageRefusedError } from './errors';
import { fetchImageBytes, type FetchOptions } from './fetch';
import { looksLikeSvg, sniffImageType, type ImageType } from './sniff';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export type IngestOptions = FetchOptions & {
  /** Directory local paths must stay inside; defaults to IMPORT_DIR (none = local paths refused). */
  importDir?: string | null;
};

/** Either an ipfs:// URI kept as given, or image bytes to store. */
export type IngestedImage =
  | { kind: 'ipfs'; uri: string }
  | { kind: 'bytes'; bytes: Uint8Array; contentType: ImageType; source: 'data-uri' | 'base64' | 'url' | 'file' };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type ImageForm = 'ipfs' | 'data-uri' | 'url' | 'file' | 'base64';

/**
 * Which of the five forms of rule 1 a value is. Base64 never contains `.`, `\`, `~` or `:`, so a
 * value with one of them is a path; so is a leading `/`, except `/9j/` (how JPEG starts in
 * base64). Anything else is read as base64.
 */
export function classifyImagePath(value: string): ImageForm {
  const v = value.trim();
  if (/^ipfs:\/\//i.test(v)) return 'ipfs';
  if (/^data:/i.test(v)) return 'data-uri';
  if (/^https?:\/\//i.test(v)) return 'url';
  if (/^file:/i.test(v) || /^~/.test(v) || /[.\\]/.test(v)) return 'file';
  // JPEG in base64 starts with "/9j/"; every other value starting with "/" is an absolute path.
  if (v.startsWith('/') && !v.startsWith('/9j/')) return 'file';
  return 'base64';
}

function decodeBase64(text: string, what: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!compact || !BASE64.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) {
    throw new ImageRefusedError(`${what} is not valid base64`);
  }
  if (compact.length * 0.75 > MAX_IMAGE_BYTES + 3) throw new ImageRefusedError(`the image is larger than ${MAX_IMAGE_BYTES} bytes`);
  return Buffer.from(compact, 'base64');
}

function decodeDataUri(uri: string): Buffer {
  const comma = uri.indexOf(',');
  if (comma < 0) throw new ImageRefusedError('the data URI has no comma before its data');
  const header = uri.slice(5, comma).toLowerCase();
  const data = uri.slice(comma + 1);
  if (header.split(';').includes('base64')) return decodeBase64(data, 'the data URI payload');
  try {
    return Buffer.from(decodeURIComponent(data), 'latin1');
  } catch {
    throw new ImageRefusedError('the data URI is not correctly percent-encoded');
  }
}

/**
 * Validates the CID and normalises the path inside it: `.`/empty segments go, `..` may not climb
 * above the CID (refused), so `ipfs://<cid>/../../x` is never stored. Query and fragment are
 * dropped (a content address has neither).
 */
function checkIpfsUri(uri: string): string {
  const rest = uri.trim().slice('ipfs://'.length).replace(/^ipfs\//i, '');
  const [pathPart = ''] = rest.split(/[?#]/);
  const [cidPart = '', ...segments] = pathPart.split('/');
  if (!parseCid(cidPart)) throw new ImageRefusedError(`"${cidPart}" in the ipfs:// URI is not a valid CID`);
  const clean: string[] = [];
  for (const raw of segments) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new ImageRefusedError('the ipfs:// URI path is not correctly percent-encoded');
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (clean.length === 0) throw new ImageRefusedError('the ipfs:// URI path climbs above its CID ("..")');
      clean.pop();
      continue;
    }
    if (/[\\/\u0000-\u001f]/.test(segment)) throw new ImageRefusedError('the ipfs:// URI path has a forbidden character');
    clean.push(encodeURIComponent(segment));
  }
  return ['ipfs://' + cidPart, ...clean].join('/');
}

/**
 * Reads a local file only from inside the import directory: no `..`, the real path (symlinks
 * resolved) must stay inside the real import directory, only a regular file, opened without
 * following a final symlink and without blocking on FIFOs.
 */
async function readLocalFile(value: string, importDir: string | null | undefined): Promise<Buffer> {
  if (!importDir) throw new ImageRefusedError('local file paths are disabled (IMPORT_DIR is not set)');
  let p = value.trim();
  if (/^file:/i.test(p)) {
    try {
      p = decodeURIComponent(new URL(p).pathname);
    } catch {
      throw new ImageRefusedError('is not a valid file: URL');
    }
  }
  if (p.includes('\0')) throw new ImageRefusedError('the path contains a NUL byte');
  if (p.split(/[/\\]/).includes('..')) throw new ImageRefusedError('the path may not contain ".."');
  let root: string;
  try {
    root = await realpath(importDir);
  } catch {
    throw new ImageRefusedError('the import directory does not exist');
  }
  const candidate = path.isAbsolute(p) ? path.resolve(p) : path.resolve(root, p);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    throw new ImageRefusedError('the file does not exist inside the import directory');
  }
  if (real !== root && !real.startsWith(root + path.sep)) {
    throw new ImageRefusedError('the path is outside the import directory');
  }
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    throw new ImageRefusedError('the file cannot be opened');
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ImageRefusedError('the path is not a regular file');
    if (stat.size > MAX_IMAGE_BYTES) throw new ImageRefusedError(`the image is larger than ${MAX_IMAGE_BYTES} bytes`);
    const bytes = await handle.readFile();
    if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefusedError(`the image is larger than ${MAX_IMAGE_BYTES} bytes`);
    return bytes;
  } finally {
    await handle.close();
  }
}

function checkImage(bytes: Uint8Array): ImageType {
  if (bytes.byteLength === 0) throw new ImageRefusedError('the image is empty');
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefusedError(`the image is larger than ${MAX_IMAGE_BYTES} bytes`);
  const type = sniffImageType(bytes);
  if (type) return type;
  if (looksLikeSvg(bytes)) throw new ImageRefusedError('SVG images are not accepted (they can carry scripts); use PNG, JPEG, GIF or WebP');
  throw new ImageRefusedError('the content is not a PNG, JPEG, GIF or WebP image');
}

/** Applies rule 1 of the spec (A6 `imagePath`) with the limits of DESIGN §3. */
export async function ingestImage(value: string, options: IngestOptions = {}): Promise<IngestedImage> {
  const form = classifyImagePath(value);
  if (form === 'ipfs') return { kind: 'ipfs', uri: checkIpfsUri(value) };
  let bytes: Uint8Array;
  if (form === 'data-uri') bytes = decodeDataUri(value.trim());
  else if (form === 'base64') bytes = decodeBase64(value, 'the value');
  else if (form === 'url') bytes = await fetchImageBytes(value.trim(), { maxBytes: MAX_IMAGE_BYTES, ...options });
  else bytes = await readLocalFile(value, options.importDir === undefined ? env().IMPORT_DIR : options.importDir);
  const contentType = checkImage(bytes);
  const source = form === 'file' ? 'file' : form;
  return { kind: 'bytes', bytes, contentType, source };
}
