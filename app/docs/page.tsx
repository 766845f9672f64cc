import type { Metadata } from 'next';
import { ScalarReference } from './_components/scalar-reference';

export const metadata: Metadata = { title: 'API reference' };

/** Public: API consumers need the reference without a console account. */
export default function DocsPage() {
  return (
    <main id="main">
      <h1 className="sr-only">CL2C Admin API reference</h1>
      <ScalarReference />
    </main>
  );
}
