import { writeFileSync } from 'node:fs';
import { GENERATED, generateTypes } from '@/lib/api-docs/types-source';

/** Regenerates the committed client types from both OpenAPI documents. */
for (const [family, target] of Object.entries(GENERATED)) {
  const { source, warnings } = await generateTypes(target.document());
  if (warnings.length > 0) {
    console.error(`Family ${family}: openapi-typescript warned:\n${warnings.join('\n')}`);
    process.exit(1);
  }
  writeFileSync(target.file, source);
  console.error(`wrote ${target.file}`);
}
