'use client';

import dynamic from 'next/dynamic';
import { FormPlaceholder } from '@/components/ui/form-placeholder';

/** The send form's code (react-hook-form) loads right after the page, not in its first load. */
export const SendTokens = dynamic(() => import('./send-tokens').then((m) => m.SendTokens), {
  ssr: false,
  loading: () => <FormPlaceholder fields={3} label="Loading the send form" />,
});
