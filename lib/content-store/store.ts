import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { importer } from 'ipfs-unixfs-importer';
import { fixedSize } from 'ipfs-unixfs-importer/chunker';
import { balanced } from 'ipfs-unixfs-importer/layout';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { env } from '@/lib/env';
import { errorFields, log } from '@/lib/logger';
import { pinToKubo } from './kubo';

/**
 * IPFS-compatible content store. The DAG is built exactly as `ipfs add --cid-version 1` does
 * (fixed 256 KiB chunks, raw leaves, balanced layout with at most 174 links per node, SHA-256,
 * CIDv1 in base32), so any IPFS node computes the same CID for the same bytes. Every block is
 * kept on disk under `DATA_DIR/ipfs/blocks`; a small record per root keeps the content type.
 */

export type StoredContent = { cid: string; size: number; contentType: string };

const CHUNK_SIZE = 262_144;
const MAX_CHILDREN = 174;

function root() {
  return path.join(env().DATA_DIR, 'ipfs');
}
const blockFile = (cid: CID) => path.join(root(), 'blocks', cid.toV1().toString());
const recordFile = (cid: CID) => path.join(root(), 'roots', `${cid.toV1().toString()}.json`);

async function writeAtomically(file: string, bytes: Uint8Array | string) {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await writeFile(tmp, bytes, { mode: 0o600 });
  await rename(tmp, file);
}

/** A blockstore on disk; only `put` is needed by the importer. */
const diskBlockstore = {
  async put(cid: CID, bytes: Uint8Array) {
    await writeAtomically(blockFile(cid), bytes);
    return cid;
  },
};

/** A blockstore that keeps nothing (CID computation only). */
const nullBlockstore = {
  put(cid: CID) {
    return Promise.resolve(cid);
  },
};

async function importBytes(bytes: Uint8Array, store: { put(cid: CID, bytes: Uint8Array): Promise<CID> }): Promise<CID> {
  let last: CID | undefined;
  for await (const entry of importer([{ content: bytes }], store, {
    cidVersion: 1,
    rawLeaves: true,
    reduceSingleLeafToSelf: true,
    chunker: fixedSize({ chunkSize: CHUNK_SIZE }),
    layout: balanced({ maxChildrenPerNode: MAX_CHILDREN }),
  })) {
    last = entry.cid;
  }
  if (!last) throw new Error('The importer produced no CID.');
  return last;
}

/** The CID `ipfs add --cid-version 1` gives for these bytes, without storing anything. */
export async function computeCid(bytes: Uint8Array): Promise<string> {
  return (await importBytes(bytes, nullBlockstore)).toString();
}

/** Stores the bytes (all blocks on disk), pins them on Kubo when configured, returns the CID. */
export async function addContent(bytes: Uint8Array, contentType: string): Promise<StoredContent> {
  const cid = await importBytes(bytes, diskBlockstore);
  const record = { cid: cid.toString(), size: bytes.byteLength, contentType };
  await writeAtomically(recordFile(cid), JSON.stringify(record));
  if (env().KUBO_URL) {
    // The local store already serves the content; a failing IPFS node must not fail the write.
    try {
      await pinToKubo(env().KUBO_URL!, bytes, record.cid);
    } catch (error) {
      log('warn', 'pinning to Kubo failed', { cid: record.cid, ...errorFields(error) });
    }
  }
  return record;
}

/** A CID string parsed strictly; null when it is not a CID. */
export function parseCid(value: string): CID | null {
  try {
    return CID.parse(value);
  } catch {
    return null;
  }
}

async function readBlock(cid: CID): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await readFile(blockFile(cid)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Reassembles a file from its blocks (raw leaf, or a dag-pb UnixFS tree). */
async function readFileDag(cid: CID, out: Uint8Array[]): Promise<boolean> {
  const block = await readBlock(cid);
  if (!block) return false;
  if (cid.code === raw.code) {
    out.push(block);
    return true;
  }
  if (cid.code !== dagPb.code) return false;
  const node = dagPb.decode(block);
  if (node.Data) {
    const data = UnixFS.unmarshal(node.Data).data;
    if (data && data.byteLength) out.push(data);
  }
  for (const link of node.Links) {
    if (!(await readFileDag(link.Hash, out))) return false;
  }
  return true;
}

/** The stored content of a root CID, or null when this store does not hold it. */
export async function getContent(cid: CID): Promise<{ bytes: Buffer; contentType: string; cid: string } | null> {
  let record: StoredContent;
  try {
    record = JSON.parse(await readFile(recordFile(cid), 'utf8')) as StoredContent;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parts: Uint8Array[] = [];
  if (!(await readFileDag(cid, parts))) return null;
  return { bytes: Buffer.concat(parts), contentType: record.contentType, cid: record.cid };
}
