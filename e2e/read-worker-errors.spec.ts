import { expect, test } from './fixtures';

/*
 * List and search reads run in worker threads (lib/storage/sqlite/connection/read-pool.ts). An error a service throws
 * there must reach the client exactly as if it had been thrown in-thread: a B1 validation error is
 * a 400 ProblemDetails naming the field, not a 500. The error crosses a worker boundary and the
 * pool itself is created outside the route's module graph, so only the production server shows it.
 */
test('B1 validation errors raised in a read worker are 400 ProblemDetails naming the field', async ({ request, tenant, tenantApiKey }) => {
  const search = (data: unknown) => request.post('/v1/cl2c/nfts/search', { headers: { tenant, 'X-API-Key': tenantApiKey }, data });
  const cases: [unknown, string][] = [
    [{ advancedSearch: { fields: ['bogus'], keyword: 'e' } }, 'advancedSearch.fields[0]'],
    [{ orderBy: ['bogus desc'] }, 'orderBy[0]'],
    [{ advancedFilter: { field: 'supply', operator: 'contains', value: '1' } }, 'advancedFilter.operator'],
  ];
  for (const [body, field] of cases) {
    const response = await search(body);
    expect(response.status(), JSON.stringify(body)).toBe(400);
    expect(response.headers()['content-type']).toContain('application/problem+json');
    const problem = (await response.json()) as { status: number; errors: Record<string, string[]> };
    expect(problem.status).toBe(400);
    expect(Object.keys(problem.errors), JSON.stringify(body)).toContain(field);
  }
  expect((await search({ keyword: 'e' })).status()).toBe(200);
});
