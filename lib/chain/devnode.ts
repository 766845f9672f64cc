import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * A Hardhat node (npm `hardhat@2.29`, offline) on 127.0.0.1, for tests, `npm run devchain` and the
 * chain e2e. Its state lives in memory: stopping it forgets every block.
 */
export type DevNode = { url: string; port: number; stop(): Promise<void>; process: ChildProcess };

const ROOT = path.resolve(import.meta.dirname, '../..');
export const HARDHAT_CONFIG = path.join(ROOT, 'chain/hardhat.config.cjs');
export const DEVNODE_CHAIN_ID = 31337;
/** Hardhat's well-known first account (public test key, funded with 10,000 ETH on every dev node). */
export const DEVNODE_FUNDER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port in [from, to] on 127.0.0.1. */
export async function freePort(from: number, to: number): Promise<number> {
  const start = from + Math.floor(Math.random() * (to - from + 1));
  for (let i = 0; i <= to - from; i++) {
    const port = from + ((start - from + i) % (to - from + 1));
    if (await portIsFree(port)) return port;
  }
  throw new Error(`no free port in ${from}-${to}`);
}

async function answersRpc(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

/** One JSON-RPC call to a node (Hardhat's own methods included: evm_mine, evm_setAutomine, …); its `result`. */
export async function devNodeRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await res.json()) as { result: unknown }).result;
}

/** Starts `hardhat node` and resolves once it answers eth_chainId. */
export async function startDevNode(opts: { port?: number; portRange?: [number, number]; inherit?: boolean } = {}): Promise<DevNode> {
  const range = opts.portRange ?? [Number(process.env.CHAIN_TEST_PORT_FROM ?? 3250), Number(process.env.CHAIN_TEST_PORT_TO ?? 3299)];
  const port = opts.port ?? (await freePort(range[0], range[1]));
  const bin = path.join(ROOT, 'node_modules/hardhat/internal/cli/bootstrap.js');
  const child = spawn(process.execPath, [bin, 'node', '--config', HARDHAT_CONFIG, '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: path.join(ROOT, 'chain'),
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1' },
    stdio: opts.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!(await answersRpc(url))) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited (${child.exitCode}): ${stderr.slice(-2000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`hardhat node did not answer on ${url}: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, port, stop, process: child };
}
