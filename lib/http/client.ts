import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

/** A failed Family A call: the HTTP status and the `{error, details}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: string[] = [],
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as search params; null/undefined/'' are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** `/api/v1/cl2c/contract` + `{page: 2}` → `/api/v1/cl2c/contract?page=2`. */
export function buildPath(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/**
 * Calls a Family A route from the console with the admin's session cookie (same origin).
 * Resolves to the JSON body; throws ApiError for any non-2xx answer.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(buildPath(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!res.ok) {
    const payload = (json ?? {}) as { error?: unknown; details?: unknown };
    const message = typeof payload.error === 'string' ? payload.error : `Request failed with status ${res.status}.`;
    const details = Array.isArray(payload.details) ? payload.details.filter((d): d is string => typeof d === 'string') : [];
    throw new ApiError(res.status, message, details, res.headers.get('x-request-id'));
  }
  return json as T;
}

/** Splits a detail line `"field.path: message"` into its parts (field '' when there is none). */
export function parseDetail(line: string): { field: string; message: string } {
  const at = line.indexOf(': ');
  if (at <= 0) return { field: '', message: line };
  return { field: line.slice(0, at), message: line.slice(at + 2) };
}

/**
 * Puts the server's `details` lines next to the matching form fields (react-hook-form
 * `setError`). Only fields listed in `fields` are touched (unknown paths would be invisible).
 * Returns true when at least one field got an error, so the caller can skip a generic toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = new Set<string>(fields);
  let applied = false;
  for (const line of error.details) {
    const { field, message } = parseDetail(line);
    if (!known.has(field)) continue;
    setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/** A sentence for a toast: the API's message, else the error's, else a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
