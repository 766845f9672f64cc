import { Skeleton } from './skeleton';

/** What a lazily loaded form shows for the moment its code is still on the way. */
export function FormPlaceholder({ fields = 3, label }: { fields?: number; label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-xs"
    >
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="space-y-1.5">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}
