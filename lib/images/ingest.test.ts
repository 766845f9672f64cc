import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddressReason } from './address-policy';
import { ImageRefusedError } from './errors';
import { pinnedTransport, type Lookup, type Transport } from './fetch';
import { classifyImagePath, ingestImage, MAX_IMAGE_BYTES } from './ingest';
import { countingServer, GIF_BYTES, JPEG_BYTES, PNG_1X1, SVG_BYTES, WEBP_BYTES } from './test-fixtures';

const b64 = (b: Buffer) => b.toString('base64');

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefusedError);
    const e = error as ImageRefusedError;
    expect(e.status).toBe(400);
    expect(e.details[0]).toMatch(/^imagePath: /);
    return e.details[0]!;
  }
  throw new Error('expected the image to be refused');
}

describe('classifyImagePath', () => {
  it.each([
    ['ipfs://bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4', 'ipfs'],
    ['data:image/png;base64,AAAA', 'data-uri'],
    ['https://example.com/a.png', 'url'],
    ['http://example.com/a', 'url'],
    ['/srv/import/cat.png', 'file'],
    ['cat.png', 'file'],
    ['file:///srv/import/cat.png', 'file'],
    ['/9j/4AAQSkZJRgABAQAAAQABAAD', 'base64'],
    ['/etc/passwd', 'file'],
    ['iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB', 'base64'],
  ])('%s → %s', (value, form) => {
    expect(classifyImagePath(value)).toBe(form);
  });
});

describe('ipfs:// URIs are validated and kept', () => {
  it('keeps a valid CID as given', async () => {
    const uri = 'ipfs://bafkreifjjcie6lypi6ny7amxnfftagclbuxndqonfipmb64f2km2devei4';
    expect(await ingestImage(uri)).toEqual({ kind: 'ipfs', uri });
  });
  it('refuses a malformed CID', async () => {
    expect(await refusal(ingestImage('ipfs://not-a-cid'))).toMatch(/not a valid CID/);
  });
});

describe('inline bytes: data URI and raw base64', () => {
  it.each([
    [PNG_1X1, 'image/png'],
    [JPEG_BYTES, 'image/jpeg'],
    [GIF_BYTES, 'image/gif'],
    [WEBP_BYTES, 'image/webp'],
  ])('sniffs the type from the bytes (%#)', async (bytes, type) => {
    // The declared media type is ignored: only the bytes count.
    const fromData = await ingestImage(`data:application/octet-stream;base64,${b64(bytes)}`);
    expect(fromData).toMatchObject({ kind: 'bytes', contentType: type, source: 'data-uri' });
    const fromRaw = await ingestImage(b64(bytes));
    expect(fromRaw).toMatchObject({ kind: 'bytes', contentType: type, source: 'base64' });
    if (fromRaw.kind === 'bytes') expect(Buffer.compare(Buffer.from(fromRaw.bytes), bytes)).toBe(0);
  });

  it('refuses bad base64 (raw and in a data URI)', async () => {
    expect(await refusal(ingestImage('iVBORw0K*GgoAAAANSUhEUg'))).toMatch(/not valid base64/);
    expect(await refusal(ingestImage('data:image/png;base64,iVBOR!!w0KGgo'))).toMatch(/not valid base64/);
    expect(await refusal(ingestImage('AAAAA'))).toMatch(/not valid base64/);
  });

  it('refuses SVG, also when declared as PNG', async () => {
    expect(await refusal(ingestImage(`data:image/png;base64,${b64(SVG_BYTES)}`))).toMatch(/SVG/);
    expect(await refusal(ingestImage(b64(SVG_BYTES)))).toMatch(/SVG/);
    expect(await refusal(ingestImage(`data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`))).toMatch(/SVG/);
  });

  it('refuses a wrong type and an empty image', async () => {
    expect(await refusal(ingestImage(b64(Buffer.from('just some text, not an image'))))).toMatch(/not a PNG, JPEG, GIF or WebP/);
    expect(await refusal(ingestImage('data:image/png;base64,'))).toMatch(/not valid base64|empty/);
  });

  it('refuses more than 10 MiB', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG_1X1.copy(big);
    expect(await refusal(ingestImage(b64(big)))).toMatch(/larger than 10485760 bytes/);
    expect(await refusal(ingestImage(`data:image/png;base64,${b64(big)}`))).toMatch(/larger than/);
  });
});

describe('address policy', () => {
  it.each([
    ['127.0.0.1', /loopback/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.1', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /metadata/],
    ['fd00:ec2::254', /metadata/],
    ['169.254.1.1', /link-local/],
    ['fe80::1', /link-local/],
    ['fc00::1', /private/],
    ['224.0.0.1', /multicast/],
    ['ff02::1', /multicast/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['100.64.0.1', /carrier-grade/],
  ])('%s is refused', (address, reason) => {
    expect(refusedAddressReason(address)).toMatch(reason);
  });
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('%s is public', (address) => {
    expect(refusedAddressReason(address)).toBeNull();
  });
});

describe('http(s) URLs', () => {
  let counting: Awaited<ReturnType<typeof countingServer>>;
  let redirector: Awaited<ReturnType<typeof countingServer>>;
  let images: Awaited<ReturnType<typeof countingServer>>;
  let redirectTo = '';
  const PUBLIC_IP = '93.184.216.34';
  // DNS under test control: these names resolve where each test needs them to.
  const zone: Record<string, { address: string; family: number }[]> = {
    'evil.test': [{ address: '127.0.0.1', family: 4 }],
    'mixed.test': [{ address: PUBLIC_IP, family: 4 }, { address: '10.0.0.7', family: 4 }],
    'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
    'redirect.test': [{ address: PUBLIC_IP, family: 4 }],
    'images.test': [{ address: PUBLIC_IP, family: 4 }],
  };
  const lookup: Lookup = (host) => (zone[host] ? Promise.resolve(zone[host]) : Promise.reject(new Error('ENOTFOUND')));
  // The "public" address is reachable here only through this transport, which connects to a
  // local test server in its place. Any other address goes to the real pinned transport.
  const transport: Transport = (req) =>
    req.address === PUBLIC_IP ? pinnedTransport({ ...req, address: '127.0.0.1', family: 4 }) : pinnedTransport(req);

  beforeAll(async () => {
    counting = await countingServer();
    redirector = await countingServer((_req, res) => {
      res.writeHead(302, { location: redirectTo });
      res.end();
    });
    images = await countingServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.alloc(5000));
      } else if (req.url === '/hang') {
        // never answers
      } else if (req.url === '/missing') {
        res.writeHead(404);
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(PNG_1X1);
      }
    });
  });
  afterAll(async () => {
    await Promise.all([counting.close(), redirector.close(), images.close()]);
  });

  it('downloads a public image (sniffed, not trusting content-type)', async () => {
    const got = await ingestImage(`http://images.test:${images.port}/cat`, { lookup, transport });
    expect(got).toMatchObject({ kind: 'bytes', contentType: 'image/png', source: 'url' });
  });

  it('refuses loopback, private, mapped, metadata and a name resolving to 127.0.0.1 — zero requests reach the server', async () => {
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${counting.port}/x.png`, /127\.0\.0\.1 is a loopback address/],
      [`http://localhost:${counting.port}/x.png`, /loopback/],
      [`http://[::1]:${counting.port}/x.png`, /loopback/],
      [`http://[::ffff:127.0.0.1]:${counting.port}/x.png`, /loopback/],
      [`http://2130706433:${counting.port}/x.png`, /loopback/],
      [`http://10.0.0.5:${counting.port}/x.png`, /private/],
      [`http://192.168.0.10:${counting.port}/x.png`, /private/],
      [`http://169.254.169.254/latest/meta-data/`, /metadata/],
      [`http://[fd00:ec2::254]/latest/meta-data/`, /metadata/],
      [`http://evil.test:${counting.port}/x.png`, /evil\.test resolves to 127\.0\.0\.1, which is a loopback address/],
      [`http://mapped.test:${counting.port}/x.png`, /loopback/],
      [`http://mixed.test:${counting.port}/x.png`, /10\.0\.0\.7.*private/],
    ];
    for (const [url, reason] of cases) {
      const lookupFor: Lookup = async (host) => (host === 'localhost' ? [{ address: '127.0.0.1', family: 4 }] : lookup(host));
      expect(await refusal(ingestImage(url, { lookup: lookupFor, transport }))).toMatch(reason);
    }
    expect(counting.count).toBe(0);
  });

  it('refuses a redirect to loopback (literal and via DNS) — checked again after the redirect', async () => {
    for (const target of [`http://127.0.0.1:${counting.port}/x.png`, `http://evil.test:${counting.port}/x.png`, `http://[::1]:${counting.port}/`]) {
      redirectTo = target;
      expect(await refusal(ingestImage(`http://redirect.test:${redirector.port}/start`, { lookup, transport }))).toMatch(/loopback/);
    }
    expect(redirector.count).toBe(3);
    expect(counting.count).toBe(0);
  });

  it('refuses a redirect to a non-http scheme and too many redirects', async () => {
    redirectTo = 'file:///etc/passwd';
    expect(await refusal(ingestImage(`http://redirect.test:${redirector.port}/a`, { lookup, transport }))).toMatch(/only http and https/);
    redirectTo = `http://redirect.test:${redirector.port}/again`;
    expect(await refusal(ingestImage(`http://redirect.test:${redirector.port}/a`, { lookup, transport }))).toMatch(/more than 5 redirects/);
  });

  it('refuses over-size bodies, non-200 answers, unknown hosts and slow servers', async () => {
    expect(await refusal(ingestImage(`http://images.test:${images.port}/big`, { lookup, transport, maxBytes: 1000 }))).toMatch(/larger than 1000 bytes/);
    expect(await refusal(ingestImage(`http://images.test:${images.port}/missing`, { lookup, transport }))).toMatch(/HTTP 404/);
    expect(await refusal(ingestImage(`http://nowhere.test/x.png`, { lookup, transport }))).toMatch(/could not be resolved/);
    const started = Date.now();
    expect(await refusal(ingestImage(`http://images.test:${images.port}/hang`, { lookup, transport, timeoutMs: 300 }))).toMatch(/did not answer within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('local paths', () => {
  const base = mkdtempSync(path.join(tmpdir(), 'cl2c-import-'));
  const importDir = path.join(base, 'import');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(importDir, 'sub'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(importDir, 'cat.png'), PNG_1X1);
  writeFileSync(path.join(importDir, 'sub', 'dog.gif'), GIF_BYTES);
  writeFileSync(path.join(importDir, 'drawing.svg'), SVG_BYTES);
  writeFileSync(path.join(outside, 'secret.png'), PNG_1X1);
  symlinkSync(path.join(outside, 'secret.png'), path.join(importDir, 'escape.png'));
  symlinkSync(outside, path.join(importDir, 'escape-dir'));
  symlinkSync(path.join(importDir, 'cat.png'), path.join(importDir, 'inside-link.png'));
  execFileSync('mkfifo', [path.join(importDir, 'pipe.png')]);

  it('reads relative and absolute paths inside IMPORT_DIR', async () => {
    expect(await ingestImage('cat.png', { importDir })).toMatchObject({ contentType: 'image/png', source: 'file' });
    expect(await ingestImage(path.join(importDir, 'sub', 'dog.gif'), { importDir })).toMatchObject({ contentType: 'image/gif' });
    expect(await ingestImage(`file://${path.join(importDir, 'cat.png')}`, { importDir })).toMatchObject({ contentType: 'image/png' });
    expect(await ingestImage('inside-link.png', { importDir })).toMatchObject({ contentType: 'image/png' });
  });

  it('refuses local paths when IMPORT_DIR is not set', async () => {
    expect(await refusal(ingestImage(path.join(importDir, 'cat.png'), { importDir: null }))).toMatch(/IMPORT_DIR is not set/);
    // The default comes from the environment, where the test setup leaves IMPORT_DIR unset.
    expect(await refusal(ingestImage(path.join(importDir, 'cat.png')))).toMatch(/IMPORT_DIR is not set/);
  });

  it('refuses ../ traversal and absolute paths outside', async () => {
    expect(await refusal(ingestImage('../outside/secret.png', { importDir }))).toMatch(/may not contain "\.\."/);
    expect(await refusal(ingestImage(`${importDir}/../outside/secret.png`, { importDir }))).toMatch(/"\.\."/);
    expect(await refusal(ingestImage(path.join(outside, 'secret.png'), { importDir }))).toMatch(/outside the import directory/);
    expect(await refusal(ingestImage('/etc/passwd', { importDir }))).toMatch(/outside the import directory/);
  });

  it('refuses symlink escapes (file and directory)', async () => {
    expect(await refusal(ingestImage('escape.png', { importDir }))).toMatch(/outside the import directory/);
    expect(await refusal(ingestImage('escape-dir/secret.png', { importDir }))).toMatch(/outside the import directory/);
  });

  it('refuses directories, FIFOs, missing files and SVG files', async () => {
    expect(await refusal(ingestImage('sub/.', { importDir }))).toMatch(/not a regular file/);
    expect(await refusal(ingestImage(path.join(importDir, 'sub'), { importDir }))).toMatch(/not a regular file/);
    expect(await refusal(ingestImage('pipe.png', { importDir }))).toMatch(/not a regular file/);
    expect(await refusal(ingestImage('missing.png', { importDir }))).toMatch(/does not exist/);
    expect(await refusal(ingestImage('drawing.svg', { importDir }))).toMatch(/SVG/);
  });
});
