import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiReference } from './_components/api-reference';

export const metadata: Metadata = { title: 'API reference' };

/** Public: API consumers need the reference without a console account. */
export default function DocsPage() {
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-6 py-3">
          <div>
            <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">
              CL2C Admin
            </p>
            <h1 className="text-lg font-semibold text-slate-900">API reference</h1>
          </div>
          <Link href="/overview" className="text-sm font-medium text-indigo-700 hover:underline">
            Back to the console
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-6 py-6">
        <ApiReference />
      </main>
    </div>
  );
}
