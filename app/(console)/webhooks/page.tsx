import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { WebhooksView } from './_components/webhooks-view';

export const metadata: Metadata = { title: 'Webhooks' };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Endpoints that receive a signed message (Standard Webhooks) for every deploy, mint, copyright decision, send and member change. A secret is shown once; rotating keeps the old one signing for 24 hours."
      />
      <Suspense>
        <WebhooksView />
      </Suspense>
    </>
  );
}
