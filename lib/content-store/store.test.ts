import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addContent, computeCid, getContent, parseCid } from './store';

/*
 * Expected CIDs are derived here independently of the IPFS libraries: the multihash, the
 * dag-pb/UnixFS protobuf and base32 are written by hand from the specs, the way `ipfs add
 * --cid-version 1` (Kubo: 256 KiB chunks, raw leaves, balanced DAG) lays a file out.
 */

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();

function base32(bytes: Uint8Array): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return Buffer.from(out);
}

const field = (tag: number, payload: Buffer) => Buffer.concat([Buffer.from([tag]), varint(payload.length), payload]);

/** CIDv1 bytes: version 1, codec, multihash (sha2-256 = 0x12, 32 bytes). */
function cidV1(codec: number, block: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([0x01]), varint(codec), Buffer.from([0x12, 0x20]), sha256(block)]);
}

const RAW = 0x55;
const DAG_PB = 0x70;

describe('CIDs agree with the reference IPFS implementation', () => {
  it('single-block file: raw CID = base32(0x01 0x55 0x12 0x20 + sha256)', async () => {
    for (const bytes of [Buffer.from('hello world\n'), randomBytes(1000), Buffer.alloc(0)]) {
      const expected = 'b' + base32(Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), sha256(bytes)]));
      expect(await computeCid(bytes)).toBe(expected);
    }
  });

  it('known vector: "hello world\\n" as given by ipfs add --cid-version 1', async () => {
    expect(await computeCid(Buffer.from('hello world\n'))).toBe(
      'bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4',
    );
  });

  it('multi-block file: dag-pb root over 256 KiB raw leaves', async () => {
    const chunk = 262_144;
    const bytes = randomBytes(chunk * 2 + 1234);
    const leaves = [bytes.subarray(0, chunk), bytes.subarray(chunk, 2 * chunk), bytes.subarray(2 * chunk)];
    // UnixFS Data: Type=File(2), filesize, blocksizes (repeated, unpacked).
    const unixfs = Buffer.concat([
      Buffer.from([0x08, 0x02]),
      Buffer.concat([Buffer.from([0x18]), varint(bytes.length)]),
      ...leaves.map((l) => Buffer.concat([Buffer.from([0x20]), varint(l.length)])),
    ]);
    // PBNode: Links (field 2) first, then Data (field 1). PBLink: Hash, Name "", Tsize.
    const links = leaves.map((l) =>
      field(
        0x12,
        Buffer.concat([field(0x0a, cidV1(RAW, l)), field(0x12, Buffer.alloc(0)), Buffer.concat([Buffer.from([0x18]), varint(l.length)])]),
      ),
    );
    const node = Buffer.concat([...links, field(0x0a, unixfs)]);
    const expected = 'b' + base32(cidV1(DAG_PB, node));
    expect(await computeCid(bytes)).toBe(expected);
  });
});

describe('content store on disk', () => {
  it('stores blocks under DATA_DIR and reads a multi-block file back byte for byte', async () => {
    const bytes = randomBytes(600_000);
    const stored = await addContent(bytes, 'image/png');
    expect(stored.cid).toBe(await computeCid(bytes));
    expect(stored.cid.startsWith('bafybei')).toBe(true);
    const blocks = readdirSync(path.join(process.env.DATA_DIR!, 'ipfs', 'blocks'));
    expect(blocks.length).toBeGreaterThanOrEqual(4); // 3 leaves + root
    const back = await getContent(parseCid(stored.cid)!);
    expect(back?.contentType).toBe('image/png');
    expect(Buffer.compare(back!.bytes, bytes)).toBe(0);
  });

  it('returns null for a well-formed CID it does not hold', async () => {
    const cid = parseCid(await computeCid(Buffer.from('never stored')))!;
    expect(await getContent(cid)).toBeNull();
    expect(existsSync(path.join(process.env.DATA_DIR!, 'ipfs', 'roots', `${cid.toString()}.json`))).toBe(false);
  });

  it('parseCid rejects malformed input', () => {
    expect(parseCid('not-a-cid')).toBeNull();
    expect(parseCid('bafkrei')).toBeNull();
    expect(parseCid('QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG')).not.toBeNull();
  });
});
