import { inProcessFetch } from '@/test/api-client';

/*
 * Answers requests with the real route handlers of this process's engine (DATABASE_URL set:
 * PostgreSQL, else the SQLite file at DATABASE_PATH) — the second half of the `db copy` round trip
 * (lib/storage/postgres/copy-roundtrip.test.ts), run as its own process because a process runs on
 * one engine (lib/storage/engine.ts). Reads a JSON array of requests on stdin, writes a JSON array
 * of {status, text} (each body exactly as sent) on stdout.
 */
export type ReplayRequest = { method: string; url: string; headers: Record<string, string>; body?: string };
export type ReplayAnswer = { status: number; text: string };

export async function answer(requests: ReplayRequest[]): Promise<ReplayAnswer[]> {
  const out: ReplayAnswer[] = [];
  for (const r of requests) {
    const res = await inProcessFetch(new Request(r.url, { method: r.method, headers: r.headers, body: r.body }));
    out.push({ status: res.status, text: await res.text() });
  }
  return out;
}

if (process.argv[1]?.endsWith('replay.ts')) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const answers = await answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReplayRequest[]);
  const { closeStore } = await import('@/lib/storage/current');
  await closeStore();
  // A pipe is written asynchronously: exit once the whole answer is out.
  process.stdout.write(JSON.stringify(answers), () => process.exit(0));
}
