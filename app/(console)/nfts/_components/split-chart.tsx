'use client';

import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

const COLORS = ['#4f46e5', '#0ea5e9', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6', '#14b8a6', '#f97316', '#64748b', '#ec4899'];

export type SplitSlice = { label: string; percentage: number };

/** Pie of a copyright split; the unassigned remainder (if any) is shown in grey. */
export function SplitChart({ slices, height = 180 }: { slices: SplitSlice[]; height?: number }) {
  const assigned = slices.filter((s) => s.percentage > 0);
  const total = assigned.reduce((sum, s) => sum + Math.round(s.percentage * 100), 0) / 100;
  const data = assigned.map((s) => ({ name: s.label, value: s.percentage }));
  if (total < 100) data.push({ name: 'Unassigned', value: Math.round((100 - total) * 100) / 100 });
  if (assigned.length === 0) return null;
  return (
    <figure aria-label="Copyright split chart" className="w-full">
      <ResponsiveContainer width="100%" height={height}>
        <PieChart>
          <Pie data={data} dataKey="value" nameKey="name" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.name + i} fill={d.name === 'Unassigned' ? '#e2e8f0' : COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(v) => `${String(v)}%`} />
        </PieChart>
      </ResponsiveContainer>
      <figcaption className="sr-only">
        {data.map((d) => `${d.name}: ${d.value}%`).join(', ')}
      </figcaption>
      <ul className="mt-2 space-y-0.5 text-xs text-slate-600">
        {data.map((d, i) => (
          <li key={d.name + i} className="flex items-center gap-2">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: d.name === 'Unassigned' ? '#e2e8f0' : COLORS[i % COLORS.length] }} />
            <span className="truncate">{d.name}</span>
            <span className="ml-auto tabular-nums">{d.value}%</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
