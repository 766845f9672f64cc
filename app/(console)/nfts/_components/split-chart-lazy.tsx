'use client';

import dynamic from 'next/dynamic';

/**
 * The split pie, with recharts (~100 kB gzip) loaded after the page instead of in its first load.
 * The legend and the sr-only caption come with it; the placeholder keeps the space.
 */
export const SplitChart = dynamic(() => import('./split-chart').then((m) => m.SplitChart), {
  ssr: false,
  loading: () => <div className="h-[180px] w-full" aria-hidden="true" />,
});
