import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/v1/openapi.json/route';
import { licenceIds } from './licences';

describe('Family A OpenAPI: copyright extensions', () => {
  it('documents share state, resend, verify and the console decision, and the A6/A8/A5 extensions with the rules', async () => {
    const doc = await GET().json();
    expect(doc.paths['/cl2c/nft/{id}/copyright'].get.responses['200']).toBeDefined();
    expect(doc.paths['/cl2c/nft/{id}/copyright/shares/{shareId}/resend'].post.responses['409']).toBeDefined();
    expect(doc.paths['/cl2c/nft/{id}/copyright/verify'].get.description).toContain('recordHash');
    expect(doc.paths['/cl2c/nft/{id}/copyright/decision'].post.responses['403']).toBeDefined();
    const a8 = doc.paths['/cl2c/nft/{id}'].put;
    expect(a8.description).toContain('frozen');
    expect(a8.responses['409']).toBeDefined();
    const a8Body = a8.requestBody.content['application/json'].schema;
    expect(a8Body.properties.licence.enum).toEqual(licenceIds);
    expect(a8Body.properties.copyright).toBeDefined();
    expect(doc.paths['/cl2c/nft'].post.requestBody.content['application/json'].schema.properties.licence.enum).toEqual(licenceIds);
    const a5 = doc.paths['/cl2c/nft'].get.parameters.find((p: { name: string }) => p.name === 'copyrightStatus');
    expect(a5.schema.enum).toEqual(['NONE', 'AWAITING', 'REJECTED', 'COPYRIGHTED']);
  });
});
