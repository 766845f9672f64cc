'use client';

import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { operationsByTag, type OpenApiDocument, type Operation } from './openapi';
import { SchemaView } from './schema-view';
import { TryIt, type Credentials } from './try-it';

type Family = { key: 'A' | 'B'; label: string; url: string };

const FAMILIES: Family[] = [
  { key: 'A', label: 'Family A — organization API', url: '/api/v1/openapi.json' },
  { key: 'B', label: 'Family B — tenant API', url: '/v1/openapi.json' },
];

const methodTone: Record<string, BadgeTone> = {
  get: 'info',
  post: 'success',
  put: 'warning',
  patch: 'warning',
  delete: 'danger',
};

/** Loads an OpenAPI document; a 404 means that family has no document (yet) and is not an error. */
async function loadDocument(url: string): Promise<OpenApiDocument | null> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as OpenApiDocument;
}

export function ApiReference() {
  const results = useQueries({
    queries: FAMILIES.map((family) => ({
      queryKey: ['openapi', family.url],
      queryFn: () => loadDocument(family.url),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const docs = FAMILIES.map((family, i) => ({ family, query: results[i]! }));
  const [credentials, setCredentials] = useState<Credentials>({
    apiKey: '',
    tenant: '',
    tenantKey: '',
  });
  const loaded = docs.filter((d) => d.query.data);

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
      <aside className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start lg:overflow-y-auto">
        <nav aria-label="Operations" className="space-y-4 text-sm">
          {loaded.map(({ family, query }) =>
            operationsByTag(query.data!, family.key).map(([tag, ops]) => (
              <div key={`${family.key}-${tag}`}>
                <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  {family.key} · {tag}
                </p>
                <ul className="space-y-0.5">
                  {ops.map((o) => (
                    <li key={o.key}>
                      <a
                        href={`#${o.key}`}
                        className="flex items-center gap-2 rounded px-1 py-0.5 text-slate-700 hover:bg-slate-100"
                      >
                        <span className="w-12 font-mono text-[11px] font-semibold text-slate-500 uppercase">
                          {o.method}
                        </span>
                        <span className="truncate font-mono text-xs">{o.path}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )),
          )}
        </nav>
      </aside>

      <div className="min-w-0 space-y-10">
        <section
          aria-labelledby="auth-heading"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="auth-heading" className="text-sm font-semibold">
            Credentials for “Send request”
          </h2>
          <p className="mt-1 text-xs text-slate-500">
            Kept in this page only. Family A uses your console session when the key is left empty.
          </p>
          <div className="mt-3 grid gap-3 sm:grid-cols-3">
            <div className="space-y-1">
              <label htmlFor="cred-api-key" className="block text-xs font-medium text-slate-700">
                x-api-key (Family A)
              </label>
              <Input
                id="cred-api-key"
                type="password"
                autoComplete="off"
                value={credentials.apiKey}
                onChange={(e) => setCredentials({ ...credentials, apiKey: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor="cred-tenant" className="block text-xs font-medium text-slate-700">
                tenant (Family B)
              </label>
              <Input
                id="cred-tenant"
                autoComplete="off"
                value={credentials.tenant}
                onChange={(e) => setCredentials({ ...credentials, tenant: e.target.value })}
              />
            </div>
            <div className="space-y-1">
              <label htmlFor="cred-tenant-key" className="block text-xs font-medium text-slate-700">
                X-API-Key (Family B)
              </label>
              <Input
                id="cred-tenant-key"
                type="password"
                autoComplete="off"
                value={credentials.tenantKey}
                onChange={(e) => setCredentials({ ...credentials, tenantKey: e.target.value })}
              />
            </div>
          </div>
        </section>

        {docs.map(({ family, query }) => (
          <section key={family.key} aria-labelledby={`family-${family.key}`}>
            <h2 id={`family-${family.key}`} className="text-lg font-semibold text-slate-900">
              {query.data?.info.title ?? family.label}
            </h2>
            <p className="text-xs text-slate-500">
              <a className="font-mono text-indigo-700 hover:underline" href={family.url}>
                {family.url}
              </a>
              {query.data && (
                <span className="ml-2">
                  OpenAPI {query.data.openapi} · version {query.data.info.version}
                </span>
              )}
            </p>
            {query.isPending && (
              <div className="mt-4 space-y-2" aria-busy="true">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-24 w-full" />
              </div>
            )}
            {query.isError && (
              <p role="alert" className="mt-3 text-sm text-red-700">
                Could not load {family.url}: {query.error.message}
              </p>
            )}
            {query.data === null && (
              <p className="mt-3 text-sm text-slate-500">This API has no published document yet.</p>
            )}
            {query.data && (
              <>
                {query.data.info.description && (
                  <p className="mt-2 max-w-3xl text-sm text-slate-600">
                    {query.data.info.description}
                  </p>
                )}
                <div className="mt-4 space-y-6">
                  {operationsByTag(query.data, family.key).map(([tag, ops]) => (
                    <div key={tag} className="space-y-4">
                      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                        {tag}
                      </h3>
                      {ops.map((o) => (
                        <OperationCard
                          key={o.key}
                          doc={query.data!}
                          operation={o}
                          family={family.key}
                          credentials={credentials}
                        />
                      ))}
                    </div>
                  ))}
                </div>
              </>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}

function OperationCard({
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
  const { op, method, fullPath, parameters } = operation;
  const [trying, setTrying] = useState(false);
  const body = op.requestBody?.content?.['application/json'];
  return (
    <article
      id={operation.key}
      aria-labelledby={`${operation.key}-title`}
      className="scroll-mt-4 rounded-lg border border-slate-200 bg-white"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <Badge tone={methodTone[method] ?? 'neutral'} className="font-mono uppercase">
          {method}
        </Badge>
        <h4
          id={`${operation.key}-title`}
          className="font-mono text-sm font-semibold text-slate-900"
        >
          {fullPath}
        </h4>
        {op.summary && <p className="text-sm text-slate-600">{op.summary}</p>}
      </header>
      <div className="space-y-4 px-4 py-3">
        {op.description && <p className="text-sm text-slate-600">{op.description}</p>}
        {parameters.length > 0 && (
          <div>
            <h5 className="mb-1 text-xs font-semibold text-slate-700">Parameters</h5>
            <table className="w-full text-left text-xs">
              <thead className="text-slate-500">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    In
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Schema
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {parameters.map((p) => (
                  <tr key={`${p.in}-${p.name}`}>
                    <td className="py-1 pr-3 align-top font-mono">
                      {p.name}
                      {p.required && <span className="ml-1 text-red-700">*</span>}
                    </td>
                    <td className="py-1 pr-3 align-top text-slate-600">{p.in}</td>
                    <td className="py-1 align-top">
                      <SchemaView doc={doc} schema={p.schema} />
                      {p.description && <p className="text-slate-500">{p.description}</p>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {body && (
          <div>
            <h5 className="mb-1 text-xs font-semibold text-slate-700">
              Request body · application/json{op.requestBody?.required ? ' (required)' : ''}
            </h5>
            <SchemaView doc={doc} schema={body.schema} />
          </div>
        )}
        <div>
          <h5 className="mb-1 text-xs font-semibold text-slate-700">Responses</h5>
          <ul className="space-y-2">
            {Object.entries(op.responses ?? {}).map(([status, response]) => (
              <li key={status} className="text-xs">
                <details>
                  <summary className="cursor-pointer">
                    <span
                      className={
                        status.startsWith('2')
                          ? 'font-mono font-semibold text-emerald-700'
                          : 'font-mono font-semibold text-red-700'
                      }
                    >
                      {status}
                    </span>
                    <span className="ml-2 text-slate-600">{response.description}</span>
                  </summary>
                  <div className="mt-1 pl-4">
                    <SchemaView doc={doc} schema={response.content?.['application/json']?.schema} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <button
            type="button"
            className="text-xs font-medium text-indigo-700 hover:underline"
            aria-expanded={trying}
            onClick={() => setTrying(!trying)}
          >
            {trying ? 'Hide “Try it”' : 'Try it'}
          </button>
          {trying && (
            <div className="mt-2">
              <TryIt doc={doc} operation={operation} family={family} credentials={credentials} />
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
