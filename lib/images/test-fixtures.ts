import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Tiny but real images for tests (1×1 PNG; other types only need their magic bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 test jpeg')]);
export const GIF_BYTES = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
export const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 test webp')]);
export const SVG_BYTES = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

/** An HTTP server on 127.0.0.1 that counts every request it receives. */
export async function countingServer(handler?: http.RequestListener) {
  let count = 0;
  const server = http.createServer((req, res) => {
    count += 1;
    if (handler) return handler(req, res);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(PNG_1X1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    get count() {
      return count;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
