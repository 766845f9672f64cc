import { ApiError } from '@/lib/http/client';
import { Button } from './button';

/** What a person can do about a failed list request, by its status. */
export function errorAdvice(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Reload the page. If it keeps failing, tell your operator what you did.';
  if (error.status === 0) return 'Check your connection, then try again.';
  if (error.status === 400) return 'A filter or the page address is not valid: clear the filters and try again.';
  if (error.status === 401) return 'Your session ended: sign in again.';
  if (error.status === 403) return 'Your account may not see this list. Ask an owner of the organization.';
  if (error.status === 429) return 'Too many requests: wait a minute, then try again.';
  return 'Try again in a moment. If it keeps failing, give your operator the request id below: it names this failure in the server log.';
}

/**
 * A list that could not load: the server's message, what to try, and the request id
 * (`x-request-id`) under which the server logged it — never a bare "Internal error".
 */
export function ListError({ error, onRetry, what = 'the list' }: { error: unknown; onRetry?: () => void; what?: string }) {
  const message = error instanceof Error && error.message ? error.message : 'Something went wrong.';
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <div className="flex flex-col items-center gap-2 text-center" data-testid="list-error">
      <p className="font-semibold text-red-700">
        Could not load {what}: {message}
      </p>
      {error instanceof ApiError && error.details.length > 0 && (
        <ul className="text-sm text-red-700">
          {error.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <p className="max-w-lg text-sm text-slate-700">{errorAdvice(error)}</p>
      {requestId && (
        <p className="text-xs text-slate-600">
          Request id: <code className="font-mono select-all">{requestId}</code>
        </p>
      )}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
