import type { Metadata } from 'next';
import { ContractsView } from './_components/contracts-view';

export const metadata: Metadata = { title: 'Contracts' };

/** Search, filters, sort and page live in the URL; the client view reads them from there. */
export default function ContractsPage() {
  return <ContractsView />;
}
