/**
 * Pins content on a real IPFS node through the Kubo RPC API (`KUBO_URL`, e.g.
 * http://127.0.0.1:5001). The node is asked to add the same bytes with the same DAG options, so
 * it must answer with the CID we computed; a different answer is an error.
 */
export async function pinToKubo(kuboUrl: string, bytes: Uint8Array, expectedCid: string): Promise<void> {
  const url = new URL('/api/v0/add', kuboUrl);
  url.searchParams.set('cid-version', '1');
  url.searchParams.set('raw-leaves', 'true');
  url.searchParams.set('chunker', 'size-262144');
  url.searchParams.set('pin', 'true');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'file');
  const res = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`Kubo answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const text = await res.text();
  const last = text.trim().split('\n').pop() ?? '';
  const hash = (JSON.parse(last) as { Hash?: string }).Hash;
  if (hash !== expectedCid) throw new Error(`Kubo computed ${hash ?? 'no CID'}, expected ${expectedCid}.`);
}
