import { describe, expect, it } from 'vitest';
import { loginPathFor, passwordLinkPathFor, requestedPath, safeNextPath } from './next-path';

describe('requestedPath', () => {
  it('keeps the path and the query, drops Next’s _rsc parameter', () => {
    expect(requestedPath(new URL('http://h/nfts?status=MINTED&search=a%20b&_rsc=x1'))).toBe(
      '/nfts?status=MINTED&search=a+b',
    );
    expect(requestedPath(new URL('http://h/members/abc'))).toBe('/members/abc');
  });
});

describe('loginPathFor', () => {
  it('names the page asked for, query included', () => {
    expect(loginPathFor('/contracts?status=DEPLOYED&page=2')).toBe(
      '/login?next=%2Fcontracts%3Fstatus%3DDEPLOYED%26page%3D2',
    );
  });
  it('is plain /login for the default page, a missing header or anything not same-origin', () => {
    for (const v of [null, undefined, '/', '/overview', '//evil.test/x', 'https://evil.test', '/\\evil.test', '/login']) {
      expect(loginPathFor(v)).toBe('/login');
    }
  });
});

describe('safeNextPath refuses what a browser would read as another host', () => {
  it.each(['/\t/evil.test', '/\n/evil.test', '/ /evil.test', '/x\\y', '/api', '/api?x=1', '/login#a'])('%j', (v) => {
    expect(safeNextPath(v)).toBe('/overview');
  });
  it('accepts ordinary console paths with queries', () => {
    expect(safeNextPath('/activity?action=contract.update&from=2026-11-01')).toBe(
      '/activity?action=contract.update&from=2026-11-01',
    );
    expect(safeNextPath('/apiary')).toBe('/apiary');
  });
});

describe('passwordLinkPathFor', () => {
  it('keeps a safe page to continue to and the address; drops anything else', () => {
    expect(passwordLinkPathFor('/invite/abc', 'a@b.test')).toBe('/reset-password?next=%2Finvite%2Fabc&email=a%40b.test');
    expect(passwordLinkPathFor('/copyright/xyz')).toBe('/reset-password?next=%2Fcopyright%2Fxyz');
    for (const v of [null, '', '/overview', '//evil.test/x', 'https://evil.test']) expect(passwordLinkPathFor(v)).toBe('/reset-password');
  });
});
