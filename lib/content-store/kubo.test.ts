import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { countingServer } from '@/lib/images/test-fixtures';
import { pinToKubo } from './kubo';
import { addContent, computeCid } from './store';

/** A stand-in Kubo RPC server: answers /api/v0/add with the CID it is told to, recording queries. */
describe('Kubo pinning adapter', () => {
  let answer = '';
  const queries: URLSearchParams[] = [];
  let kubo: Awaited<ReturnType<typeof countingServer>>;
  beforeAll(async () => {
    kubo = await countingServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      queries.push(url.searchParams);
      req.resume();
      req.on('end', () => {
        if (url.pathname !== '/api/v0/add' || req.method !== 'POST') {
          res.writeHead(404);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Name: 'file', Hash: answer, Size: '12' }) + '\n');
      });
    });
  });
  afterAll(() => kubo.close());

  it('adds with the same DAG options and accepts a matching CID', async () => {
    const bytes = Buffer.from('hello world\n');
    answer = await computeCid(bytes);
    await pinToKubo(`http://127.0.0.1:${kubo.port}`, bytes, answer);
    const q = queries.at(-1)!;
    expect(q.get('cid-version')).toBe('1');
    expect(q.get('raw-leaves')).toBe('true');
    expect(q.get('chunker')).toBe('size-262144');
    expect(q.get('pin')).toBe('true');
  });

  it('rejects a node that computes a different CID', async () => {
    answer = 'bafkreiaaaa';
    await expect(pinToKubo(`http://127.0.0.1:${kubo.port}`, Buffer.from('x'), 'bafkreibbbb')).rejects.toThrow(/Kubo computed bafkreiaaaa/);
  });

  it('addContent pins when KUBO_URL is set and still stores locally when the node fails', async () => {
    process.env.KUBO_URL = `http://127.0.0.1:${kubo.port}`;
    resetEnvCache();
    try {
      const bytes = Buffer.from(`pin me ${crypto.randomUUID()}`);
      answer = await computeCid(bytes);
      const before = kubo.count;
      const stored = await addContent(bytes, 'application/octet-stream');
      expect(kubo.count).toBe(before + 1);
      answer = 'wrong';
      const other = await addContent(Buffer.from('another'), 'application/octet-stream');
      expect(readFileSync(`${process.env.DATA_DIR}/ipfs/roots/${other.cid}.json`, 'utf8')).toContain(other.cid);
      expect(stored.cid).toBe(await computeCid(bytes));
    } finally {
      delete process.env.KUBO_URL;
      resetEnvCache();
    }
  });
});
