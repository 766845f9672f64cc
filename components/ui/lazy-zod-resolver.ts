import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zodResolver for one of the API's own schemas, loaded on first use. zod (and
 * the schema module) is ~50 kB gzip: importing the schema eagerly put it in every console page's
 * first load. The chunk is fetched once the browser is idle after the page loaded (or at the first
 * validation, whichever comes first), so the rules stay the single shared schema. `load` is e.g.
 * `() => import('@/lib/contracts/schemas').then((m) => m.createContractBody)`.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<z.ZodType<TOutput, TInput>>,
): Resolver<TInput, unknown, TOutput> & { preload: () => void } {
  let ready: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver<TInput, unknown, TOutput>(schema),
    ));
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) =>
    (await get())(values, context, options);
  const preload = () => {
    // A failed prefetch is retried by the first validation.
    get().catch(() => (ready = undefined));
  };
  if (typeof window !== 'undefined') {
    if ('requestIdleCallback' in window) window.requestIdleCallback(preload, { timeout: 5000 });
    else setTimeout(preload, 2000);
  }
  return Object.assign(resolver, { preload });
}
