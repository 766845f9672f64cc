import fs from 'node:fs';
import path from 'node:path';
import { familyADocument } from '@/lib/api-docs/family-a';
import { familyBDocument } from '@/lib/api-docs/family-b';
import { DocumentValidator, type ObservedResponse, type OpenApiDocument } from '@/lib/openapi/validator';

/**
 * Holds every response the API tests receive to the OpenAPI documents.
 *
 * `call()` (test/helpers.ts) passes each response of a Family A or B route handler through
 * `checkDocumented`: the handler is found among the route modules under app/api/v1 and app/v1,
 * its URL template and method give the documented operation, and the status, content type,
 * required headers and body (Ajv strict, no undocumented fields) must be exactly as documented —
 * otherwise the test fails with every difference listed. A route the documents do not describe
 * yet is left alone here; test/api-contract.test.ts lists those.
 */
export type Family = 'A' | 'B';
export type RouteTarget = { family: Family; method: string; path: string; file: string };

const ROOT = path.resolve(import.meta.dirname, '..');
const TREES: { dir: string; family: Family; prefix: string }[] = [
  { dir: 'app/api/v1', family: 'A', prefix: '' },
  { dir: 'app/v1', family: 'B', prefix: '/v1' },
];
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

let validators: Record<Family, DocumentValidator> | undefined;
export function documentValidators(): Record<Family, DocumentValidator> {
  validators ??= {
    A: new DocumentValidator(familyADocument() as unknown as OpenApiDocument, 'family-a'),
    B: new DocumentValidator(familyBDocument() as unknown as OpenApiDocument, 'family-b'),
  };
  return validators;
}

/** Every route file of both families with its documented-path form (`[id]` → `{id}`). */
export function routeFiles(): { file: string; family: Family; path: string }[] {
  const out: { file: string; family: Family; path: string }[] = [];
  for (const tree of TREES) {
    const base = path.join(ROOT, tree.dir);
    for (const file of walk(base)) {
      if (path.basename(file) !== 'route.ts') continue;
      const rel = path.relative(base, path.dirname(file)).split(path.sep).map((seg) => seg.replace(/^\[(.+)\]$/, '{$1}'));
      out.push({ file, family: tree.family, path: `${tree.prefix}/${rel.join('/')}` });
    }
  }
  return out;
}

let index: Promise<Map<unknown, RouteTarget>> | undefined;
/** Exported handler function → its route. Modules are the same instances the tests import. */
export function routeIndex(): Promise<Map<unknown, RouteTarget>> {
  index ??= (async () => {
    const map = new Map<unknown, RouteTarget>();
    for (const route of routeFiles()) {
      const mod = (await import(route.file)) as Record<string, unknown>;
      for (const method of HTTP_METHODS) {
        if (typeof mod[method] === 'function') map.set(mod[method], { ...route, method: method.toLowerCase() });
      }
    }
    return map;
  })();
  return index;
}

/** Throws, listing every difference, when a documented operation answered other than documented. */
export async function checkDocumented(handler: unknown, res: ObservedResponse): Promise<void> {
  const target = (await routeIndex()).get(handler);
  if (!target) return;
  const validator = documentValidators()[target.family];
  if (!validator.operation(target.method, target.path)) return;
  const problems = validator.responseProblems(target.method, target.path, res);
  if (problems.length > 0) {
    throw new Error(`Response differs from the Family ${target.family} document:\n  ${problems.join('\n  ')}\nBody: ${res.text.slice(0, 2000)}`);
  }
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else yield p;
  }
}
