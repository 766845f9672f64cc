import { afterEach, describe, expect, it, vi } from 'vitest';
import { GET, POST } from '@/app/api/v1/cl2c/contract/route';
import { createTestOrg } from '@/test/helpers';
import { ApiError, apiFetch, applyServerErrors, buildPath, parseDetail } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Routes the browser's fetch to the real contract route handlers, as the console would reach them. */
function serveContracts(apiKey: string) {
  vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
    const url = new URL(input, 'http://127.0.0.1:3999');
    const headers = new Headers(init.headers);
    headers.set('x-api-key', apiKey);
    const req = new Request(url, { ...init, headers });
    const handler = init.method === 'POST' ? POST : GET;
    return handler(req);
  });
}

describe('buildPath', () => {
  it('appends only the set query values', () => {
    expect(
      buildPath('/api/x', { page: 2, search: 'a b', status: '', sortBy: undefined, x: null }),
    ).toBe('/api/x?page=2&search=a+b');
    expect(buildPath('/api/x', {})).toBe('/api/x');
    expect(buildPath('/api/x?a=1', { b: true })).toBe('/api/x?a=1&b=true');
  });
});

describe('parseDetail', () => {
  it('splits "field: message" lines', () => {
    expect(parseDetail('contractAddress: is required when status is DEPLOYED')).toEqual({
      field: 'contractAddress',
      message: 'is required when status is DEPLOYED',
    });
    expect(parseDetail('items[0].email: must be valid')).toEqual({
      field: 'items[0].email',
      message: 'must be valid',
    });
    expect(parseDetail('no field here')).toEqual({ field: '', message: 'no field here' });
  });
});

describe('apiFetch against the real Family A handlers', () => {
  it('resolves to the JSON body on success and sends the query', async () => {
    const org = await createTestOrg();
    serveContracts(org.apiKey);
    const created = await apiFetch<{ id: string; status: string }>('/api/v1/cl2c/contract', {
      method: 'POST',
      body: { name: 'Client test', symbol: 'CT' },
    });
    expect(created.status).toBe('CREATED');
    const list = await apiFetch<{ data: { id: string }[]; filters: { search: string } }>(
      '/api/v1/cl2c/contract',
      {
        query: { search: 'client', page: 1 },
      },
    );
    expect(list.filters.search).toBe('client');
    expect(list.data.map((c) => c.id)).toEqual([created.id]);
  });

  it('throws ApiError with status, message, details and request id; details map onto form fields', async () => {
    const org = await createTestOrg();
    serveContracts(org.apiKey);
    const error = await apiFetch('/api/v1/cl2c/contract', {
      method: 'POST',
      body: { name: '', symbol: 'bad symbol', extra: 1 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    expect(e.status).toBe(400);
    expect(e.message).toBe('Invalid request body.');
    expect(e.details).toContain('name: is required');
    expect(e.details).toContain('symbol: must contain only letters and digits');
    expect(e.requestId).toBeTruthy();

    const calls: [string, { type: string; message: string }][] = [];
    const setError = ((name: string, err: { type: string; message: string }) =>
      calls.push([name, err])) as never;
    expect(applyServerErrors(e, setError, ['name', 'symbol'])).toBe(true);
    expect(calls).toEqual([
      ['name', { type: 'server', message: 'is required' }],
      ['symbol', { type: 'server', message: 'must contain only letters and digits' }],
    ]);
    // Lines for fields the form does not have are left for a toast.
    expect(applyServerErrors(e, setError, ['description'])).toBe(false);
    expect(applyServerErrors(new Error('x'), setError, ['name'])).toBe(false);
  });

  it('a network failure becomes ApiError status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    await expect(apiFetch('/api/v1/cl2c/contract')).rejects.toMatchObject({
      status: 0,
      name: 'ApiError',
    });
  });
});
