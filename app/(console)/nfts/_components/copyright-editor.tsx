'use client';

import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { HolderPicker, type HolderOption } from '@/components/console/member-picker';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input } from '@/components/ui/input';
import type { CreateNftBody, CreateNftInput } from '@/lib/nfts/schemas';
import { toHundredths } from '@/lib/nfts/hundredths';
import { InviteHolder } from './invite-holder';
import { SplitChart } from './split-chart-lazy';

type Form = UseFormReturn<CreateNftInput, unknown, CreateNftBody>;

/**
 * Copyright split: members of the organization with percentages. The running total is shown
 * live and must reach exactly 100 (the same zod rule the API applies), with a chart of the split.
 * Holders are picked by searching the organization's active members on the server (any number of
 * them); a holder already in the split is not offered again.
 */
export function CopyrightEditor({ form, initialHolders = [] }: { form: Form; initialHolders?: readonly HolderOption[] }) {
  const { control, register, formState } = form;
  // The picked holders by user id (the form keeps only the id), for labels and the chart; an
  // existing split (editing it) starts with its holders.
  const [picked, setPicked] = useState<ReadonlyMap<string, HolderOption>>(() => new Map(initialHolders.map((h) => [h.id, h])));
  const { fields, append, remove } = useFieldArray({ control, name: 'copyright' });
  const entries = useWatch({ control, name: 'copyright' }) ?? [];
  const labelOf = (userId: string) => picked.get(userId)?.email ?? 'Unselected';
  const totalHundredths = entries.reduce(
    (sum, e) => sum + (typeof e?.percentage === 'number' && Number.isFinite(e.percentage) ? toHundredths(e.percentage) : 0),
    0,
  );
  const total = totalHundredths / 100;
  const complete = totalHundredths === 10_000;
  const { isSubmitted } = formState;
  const { trigger } = form;
  // The sum rule sits on the list itself, which editing one row does not re-check on its own.
  useEffect(() => {
    if (isSubmitted) void trigger('copyright');
  }, [totalHundredths, fields.length, isSubmitted, trigger]);
  const errors = formState.errors.copyright;
  const listError = errors?.message ?? errors?.root?.message;
  const chosen = new Set(entries.map((e) => e?.userId).filter((id): id is string => Boolean(id)));

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-700">Copyright split</legend>
      <p className="text-xs text-slate-500">
        Optional. Holders must be active members (not a member yet? invite them below); each share is more than 0 and at most 100 with up to 2 decimals, and the
        shares must add up to exactly 100. New shares start as PENDING.
      </p>
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <div className="space-y-2">
          {fields.map((field, i) => {
            const rowErrors = errors?.[i];
            return (
              <div key={field.id} className="flex flex-wrap items-start gap-2" data-testid="copyright-row">
                <div className="min-w-56 flex-1">
                  <label htmlFor={`copyright-${i}-user`} className="sr-only">
                    Holder {i + 1}
                  </label>
                  <Controller
                    control={control}
                    name={`copyright.${i}.userId`}
                    render={({ field: holder }) => (
                      <HolderPicker
                        id={`copyright-${i}-user`}
                        aria-invalid={Boolean(rowErrors?.userId)}
                        aria-describedby={rowErrors?.userId ? `copyright-${i}-user-error` : undefined}
                        placeholder="Search members…"
                        value={(holder.value && picked.get(holder.value)) || null}
                        excludeIds={chosen}
                        onChange={(h) => {
                          if (h) setPicked((m) => new Map(m).set(h.id, h));
                          holder.onChange(h?.id ?? '');
                          holder.onBlur();
                        }}
                      />
                    )}
                  />
                  {rowErrors?.userId?.message && (
                    <p id={`copyright-${i}-user-error`} className="mt-1 text-xs font-medium text-red-600">
                      {rowErrors.userId.message}
                    </p>
                  )}
                </div>
                <div className="w-32">
                  <label htmlFor={`copyright-${i}-percentage`} className="sr-only">
                    Percentage of holder {i + 1}
                  </label>
                  <div className="flex items-center gap-1">
                    <Input
                      id={`copyright-${i}-percentage`}
                      type="number"
                      step="0.01"
                      min="0.01"
                      max="100"
                      inputMode="decimal"
                      aria-invalid={Boolean(rowErrors?.percentage)}
                      aria-describedby={rowErrors?.percentage ? `copyright-${i}-percentage-error` : undefined}
                      {...register(`copyright.${i}.percentage`, { valueAsNumber: true })}
                    />
                    <span aria-hidden="true" className="text-sm text-slate-500">
                      %
                    </span>
                  </div>
                  {rowErrors?.percentage?.message && (
                    <p id={`copyright-${i}-percentage-error`} className="mt-1 text-xs font-medium text-red-600">
                      {rowErrors.percentage.message}
                    </p>
                  )}
                </div>
                <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove holder ${i + 1}`}>
                  Remove
                </Button>
              </div>
            );
          })}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => append({ userId: '', percentage: fields.length === 0 ? 100 : Math.max(0, Math.round((100 - total) * 100) / 100) })}
            >
              Add holder
            </Button>
            {fields.length > 0 && (
              <p
                aria-live="polite"
                data-testid="copyright-total"
                className={cn('text-sm font-medium', complete ? 'text-emerald-700' : 'text-amber-700')}
              >
                Total: {total}% {complete ? '✓' : `— must be exactly 100 (${Math.round((100 - total) * 100) / 100 > 0 ? `${Math.round((100 - total) * 100) / 100} left` : `${Math.round((total - 100) * 100) / 100} over`})`}
              </p>
            )}
          </div>
          {listError && <p className="text-xs font-medium text-red-600">{listError}</p>}
          <InviteHolder />
        </div>
        {fields.length > 0 && (
          <SplitChart slices={entries.map((e) => ({ label: labelOf(e?.userId ?? ''), percentage: Number.isFinite(e?.percentage) ? Number(e?.percentage) : 0 }))} />
        )}
      </div>
    </fieldset>
  );
}
