'use client';

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const colours: Record<string, string> = {
  CREATED: '#0ea5e9',
  PENDING: '#f59e0b',
  DEPLOYED: '#10b981',
  MINTED: '#10b981',
  FAILED: '#ef4444',
};

/** Bars of counts per status; the numbers are also in the page as text for screen readers. */
export function StatusChart({ title, counts }: { title: string; counts: Record<string, number> }) {
  const data = Object.entries(counts).map(([status, count]) => ({
    status,
    count,
    fill: colours[status] ?? '#64748b',
  }));
  return (
    <figure aria-label={title} className="h-48 w-full">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 320, height: 192 }}
      >
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="status"
            tick={{ fontSize: 11, fill: '#475569' }}
            tickLine={false}
            axisLine={false}
          />
          <YAxis
            allowDecimals={false}
            tick={{ fontSize: 11, fill: '#475569' }}
            tickLine={false}
            axisLine={false}
          />
          <Tooltip cursor={{ fill: '#f1f5f9' }} />
          <Bar dataKey="count" name="Count" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
