import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'CL2C Admin', template: '%s · CL2C Admin' },
  description: 'Smart contracts, NFTs with copyright splits, members and token sends.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request, so Next can stamp this request's CSP nonce (proxy.ts) on its
  // inline scripts; a prerendered page would carry none and be blocked.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
