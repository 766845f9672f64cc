import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR, compileArtifacts } from './compiler';

describe('committed contract artifacts', () => {
  it('are exactly what `npm run chain:compile` produces from chain/contracts with the pinned solc', () => {
    const fresh = compileArtifacts();
    expect(Object.keys(fresh).sort()).toEqual(readdirSync(ARTIFACTS_DIR).sort());
    for (const [name, content] of Object.entries(fresh)) {
      expect(readFileSync(path.join(ARTIFACTS_DIR, name), 'utf8'), `chain/artifacts/${name} is stale: run npm run chain:compile`).toBe(content);
    }
    const collection = JSON.parse(fresh['CL2CCollection.json']!) as { bytecode: string; abi: { name?: string }[] };
    expect(collection.bytecode).toMatch(/^0x[0-9a-f]{1000,}$/);
    expect(collection.abi.map((f) => f.name)).toEqual(expect.arrayContaining(['mint', 'uri', 'royaltyInfo', 'owner', 'supportsInterface']));
  });
});
