import type { Metadata } from 'next';
import { ScalarReference } from './_components/scalar-reference';

export const metadata: Metadata = { title: 'API reference' };

/** Public: API consumers need the reference without a console account. */
export default function DocsPage() {
  return (
    // overflow-x-clip: at phone widths Scalar's heading anchor button (absolutely placed after the
    // operation title) pokes 5px past the viewport and made the whole page scroll sideways; clip
    // (not hidden) creates no scroll container, so Scalar's sticky header and sidebar still work.
    <main id="main" className="overflow-x-clip">
      <h1 className="sr-only">CL2C Admin API reference</h1>
      <nav aria-label="Back" className="border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <a href="/overview" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          ← Back to the console
        </a>
      </nav>
      <ScalarReference />
    </main>
  );
}
