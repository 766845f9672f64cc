'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { exampleFor, type OpenApiDocument, type Operation } from './openapi';

export type Credentials = { apiKey: string; tenant: string; tenantKey: string };

type Result = { status: number; ms: number; requestId: string | null; body: string };

/** Sends the request and reports status, duration and the (pretty-printed) body. */
async function timedFetch(url: string, init: RequestInit): Promise<Result> {
  const started = performance.now();
  const res = await fetch(url, init);
  const text = await res.text();
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: show as-is
  }
  return {
    status: res.status,
    ms: Math.round(performance.now() - started),
    requestId: res.headers.get('x-request-id'),
    body: pretty,
  };
}

/**
 * Sends the operation from the browser. Family A falls back to the console session cookie when
 * no key is given; Family B always needs its tenant and key.
 */
export function TryIt({
  doc,
  operation,
  family,
  credentials,
}: {
  doc: OpenApiDocument;
  operation: Operation;
  family: 'A' | 'B';
  credentials: Credentials;
}) {
  const baseId = useId();
  const params = operation.parameters.filter((p) => p.in === 'path' || p.in === 'query');
  const [values, setValues] = useState<Record<string, string>>({});
  const media = operation.op.requestBody?.content?.['application/json'];
  const [body, setBody] = useState(() =>
    media ? JSON.stringify(exampleFor(doc, media.schema), null, 2) : '',
  );
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    setPending(true);
    setFailure(null);
    let path = operation.fullPath;
    const query = new URLSearchParams();
    for (const p of params) {
      const v = values[p.name]?.trim();
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(v ?? ''));
      else if (v) query.set(p.name, v);
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (family === 'A' && credentials.apiKey.trim())
      headers['x-api-key'] = credentials.apiKey.trim();
    if (family === 'B') {
      headers.tenant = credentials.tenant.trim();
      headers['X-API-Key'] = credentials.tenantKey.trim();
    }
    if (media) headers['content-type'] = 'application/json';
    try {
      const qs = query.toString();
      setResult(
        await timedFetch(qs ? `${path}?${qs}` : path, {
          method: operation.method.toUpperCase(),
          headers,
          body: media ? body : undefined,
          credentials: family === 'A' ? 'same-origin' : 'omit',
        }),
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Request failed.');
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      {params.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {params.map((p) => {
            const id = `${baseId}-${p.in}-${p.name}`;
            return (
              <div key={`${p.in}-${p.name}`} className="space-y-1">
                <label htmlFor={id} className="block font-mono text-xs text-slate-700">
                  {p.name}{' '}
                  <span className="text-slate-500">
                    ({p.in}
                    {p.required ? ', required' : ''})
                  </span>
                </label>
                <Input
                  id={id}
                  value={values[p.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                />
              </div>
            );
          })}
        </div>
      )}
      {media && (
        <div className="space-y-1">
          <label htmlFor={`${baseId}-body`} className="block text-xs font-medium text-slate-700">
            Request body (JSON)
          </label>
          <Textarea
            id={`${baseId}-body`}
            rows={6}
            className="font-mono text-xs"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            spellCheck={false}
          />
        </div>
      )}
      <Button size="sm" onClick={send} loading={pending}>
        Send request
      </Button>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      {result && (
        <div className="space-y-1" aria-live="polite">
          <p className="text-xs text-slate-600">
            <span
              className={
                result.status < 400
                  ? 'font-semibold text-emerald-700'
                  : 'font-semibold text-red-700'
              }
            >
              {result.status}
            </span>{' '}
            in {result.ms} ms
            {result.requestId && (
              <span className="ml-2 font-mono">x-request-id: {result.requestId}</span>
            )}
          </p>
          <pre className="max-h-80 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
            {result.body || '(empty body)'}
          </pre>
        </div>
      )}
    </div>
  );
}
