import type { z } from 'zod';

/** Turns a zod error into `field.path: message` lines (root problems use `body`). */
export function issueLines(error: z.ZodError, root = 'body'): string[] {
  return error.issues.map((issue) => `${issuePath(issue.path, root)}: ${issue.message}`);
}

/** `items[0].email` style path; property keys of unrecognized-key issues are named too. */
export function issuePath(path: readonly PropertyKey[], root = 'body'): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || root;
}
