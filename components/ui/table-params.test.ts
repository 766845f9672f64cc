import { describe, expect, it } from 'vitest';
import { mergeSearchParams, readTableParams, tablePatches } from './table-params';

describe('readTableParams', () => {
  it('uses the defaults for an empty URL', () => {
    expect(readTableParams({}, ['status'])).toEqual({
      page: 1,
      limit: 20,
      sortBy: 'createdAt',
      sortOrder: 'desc',
      search: '',
      filters: { status: undefined },
      query: { page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc' },
    });
  });

  it('reads page, limit, sort, search and only the declared filters into the API query', () => {
    const r = readTableParams(
      {
        page: '3',
        limit: '50',
        sortBy: 'name',
        sortOrder: 'asc',
        search: ' cat ',
        status: 'MINTED',
        other: 'x',
      },
      ['status', 'contractId'],
    );
    expect(r.query).toEqual({
      page: 3,
      limit: 50,
      sortBy: 'name',
      sortOrder: 'asc',
      search: 'cat',
      status: 'MINTED',
    });
    expect(r.filters).toEqual({ status: 'MINTED', contractId: undefined });
  });

  it('falls back on hand-edited nonsense instead of sending the API a request it rejects', () => {
    const r = readTableParams({ page: 'abc', limit: '0', sortOrder: 'up' });
    expect([r.page, r.limit, r.sortOrder]).toEqual([1, 20, 'desc']);
    expect(readTableParams({ page: '-2', limit: '500' }).limit).toBe(100);
    expect(readTableParams({ page: '-2' }).page).toBe(1);
  });

  it('honours per-table defaults', () => {
    const r = readTableParams({}, [], { limit: 50, sortBy: 'email', sortOrder: 'asc' });
    expect(r.query).toEqual({ page: 1, limit: 50, sortBy: 'email', sortOrder: 'asc' });
  });
});

describe('tablePatches + mergeSearchParams', () => {
  const p = tablePatches(['status']);
  const apply = (qs: string, patch: Record<string, string | number | null | undefined>) =>
    mergeSearchParams(qs, patch);

  it('a new search, filter, sort or page size goes back to page 1', () => {
    expect(apply('page=4&status=MINTED', p.search('dog'))).toBe('status=MINTED&search=dog');
    expect(apply('page=4', p.filter('status', 'FAILED'))).toBe('status=FAILED');
    expect(apply('page=4&status=FAILED', p.filter('status', ''))).toBe('');
    expect(apply('page=4', p.sort('name', 'asc'))).toBe('sortBy=name&sortOrder=asc');
    expect(apply('page=4', p.limit(50))).toBe('limit=50');
  });

  it('keeps default values out of the URL', () => {
    expect(apply('sortBy=name&sortOrder=asc', p.sort('createdAt', 'desc'))).toBe('');
    expect(apply('limit=50', p.limit(20))).toBe('');
    expect(apply('page=2', p.page(1))).toBe('');
    expect(apply('', p.page(2))).toBe('page=2');
    expect(apply('search=x', p.search('   '))).toBe('');
  });

  it('reset clears the table keys and leaves others alone', () => {
    expect(
      apply('page=2&limit=50&search=a&status=MINTED&sortBy=name&sortOrder=asc&tab=x', p.reset()),
    ).toBe('tab=x');
  });
});
