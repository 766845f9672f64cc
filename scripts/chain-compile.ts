import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, compileArtifacts } from '@/lib/chain/compiler';

/** `npm run chain:compile`: writes chain/artifacts/ from chain/contracts/. */
const files = compileArtifacts();
mkdirSync(ARTIFACTS_DIR, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  writeFileSync(path.join(ARTIFACTS_DIR, name), content);
  process.stdout.write(`wrote chain/artifacts/${name}\n`);
}
