import { z } from 'zod';
import { plainText } from '@/lib/shared/text';

/** URLSearchParams → plain object; a repeated key keeps its first value. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) if (!(key in out)) out[key] = value;
  return out;
}

/** A query integer written in digits only, within [min, max]; never silently clamped. */
export function intParam(min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback)
    .meta({ type: 'integer', minimum: min, maximum: max, default: fallback });
}

export const pageParam = intParam(1, 1_000_000_000, 1).meta({ description: 'Page number, from 1. Out of range is 400 (never clamped).', example: 1 });
export const limitParam = intParam(1, 100, 20).meta({ description: 'Items per page, 1–100 (default 20). Out of range is 400.', example: 20 });
export const sortOrderParam = z.enum(['asc', 'desc']).default('desc').meta({ description: 'Sort direction (default desc); ties are broken by id.' });

/** A query boolean: the words `true` / `false` (documented as an OpenAPI boolean, which is how they serialise). */
export const booleanParam = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true')
  .optional()
  .meta({ type: 'boolean' });

/** Trimmed, optional free-text search; empty means no search. */
export const searchParam = plainText()
  .max(200)
  .transform((v) => v.trim())
  .optional()
  .transform((v) => (v ? v : null))
  .meta({ description: 'Case-insensitive substring (see the operation for the fields searched); `%` and `_` match literally.', example: 'genesis' });

/** `sortBy` restricted to an allow-list; the first entry is the default. */
export function sortByParam<const T extends readonly [string, ...string[]]>(fields: T) {
  return z
    .enum(fields)
    .optional()
    .transform((v): T[number] => v ?? fields[0])
    .meta({ description: `Sort field (default ${fields[0]}); anything else is 400.` });
}

export type PageInfo = { page: number; limit: number; total: number };

/** The Family A pagination envelope (DESIGN §3). */
export function envelope<T>(data: T[], { page, limit, total }: PageInfo, filters: Record<string, unknown>) {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return {
    data,
    pagination: { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
    filters,
  };
}
