import { z } from 'zod';

/**
 * Text is text (issue 26 finding 5). NUL and the other C0 control characters (and DEL) are refused
 * in every input — they broke FTS queries ("unterminated string") and `db check` — except tab,
 * line feed and carriage return, which multi-line free text needs. One rule, one place: the API
 * wrappers (lib/http/family-a.ts, family-b.ts, link-route.ts) run `plainInput` over every query and
 * body before the route's own schema, so no text field of any schema can miss it, and a field
 * schema can use `plainText` where it wants the rule stated.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters (U+0000–U+001F except tab and line breaks, or U+007F)';

/** JSON nested deeper than this is refused before any schema recurses into it. */
export const MAX_INPUT_DEPTH = 32;

/** A string field that refuses control characters. */
export const plainText = () => z.string().refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_MESSAGE);

type Path = (string | number)[];

/**
 * Every problem of an input: strings (values and keys) with control characters, and nesting
 * deeper than MAX_INPUT_DEPTH (reported once, at the top-level field that holds it). Iterative:
 * a hostile depth cannot overflow the stack here.
 */
export function plainInputIssues(input: unknown, maxIssues = 10): { path: Path; message: string }[] {
  const issues: { path: Path; message: string }[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value: input, path: [] }];
  const deepReported = new Set<string | number>();
  while (stack.length && issues.length < maxIssues) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) issues.push({ path, message: CONTROL_CHARACTERS_MESSAGE });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      const top = path[0]!;
      if (!deepReported.has(top)) {
        deepReported.add(top);
        issues.push({ path: [top], message: `must not be nested deeper than ${MAX_INPUT_DEPTH} levels` });
      }
      continue;
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (CONTROL_CHARACTERS.test(key)) issues.push({ path: [...path, key], message: `key ${CONTROL_CHARACTERS_MESSAGE}` });
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return issues;
}

/** The zod form of the rule, for a whole query or body: one issue per offending field, named by path. */
export const plainInput = z.unknown().superRefine((input, ctx) => {
  for (const issue of plainInputIssues(input)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});
