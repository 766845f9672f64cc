import { describe, expect, it } from 'vitest';
import { familyADocument } from '@/lib/api-docs/family-a';

describe('Family A OpenAPI: chain extensions', () => {
  it('documents deploy, mint and wallet, and the A3/A7 conflicts once a chain has spoken', () => {
    const doc = familyADocument() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown>; description?: string }>> };
    expect(Object.keys(doc.paths['/cl2c/contract/{id}/deploy']!.post!.responses)).toEqual(expect.arrayContaining(['200', '404', '409', '422', '502']));
    expect(Object.keys(doc.paths['/cl2c/nft/{id}/mint']!.post!.responses)).toEqual(expect.arrayContaining(['200', '404', '409', '422', '502']));
    expect(doc.paths['/cl2c/wallet']!.get!.responses['200']).toBeDefined();
    expect(doc.paths['/cl2c/contract']!.put!.responses['409']).toBeDefined();
    expect(doc.paths['/cl2c/nft']!.put!.description).toMatch(/nft\/\{id\}\/mint/);
    expect(doc.paths['/cl2c/token']!.post!.responses['422']).toBeDefined();
  });
});
