'use client';

import dynamic from 'next/dynamic';

/** The status bars, with recharts loaded after the page (the counts are also listed as text). */
export const StatusChart = dynamic(() => import('./status-chart').then((m) => m.StatusChart), {
  ssr: false,
  loading: () => <div className="h-48 w-full" aria-hidden="true" />,
});
