'use client';

import dynamic from 'next/dynamic';
import { FormPlaceholder } from '@/components/ui/form-placeholder';

/**
 * The create form's code (react-hook-form, the image and split editors) loads right after the
 * page instead of in its first load, keeping the page under the JavaScript budget.
 */
export const NftCreateForm = dynamic(() => import('./nft-create-form').then((m) => m.NftCreateForm), {
  ssr: false,
  loading: () => <FormPlaceholder fields={5} label="Loading the form" />,
});
