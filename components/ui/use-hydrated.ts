import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the browser shows the server's HTML and React has not hydrated it yet, true after.
 * A form whose submit button waits for it cannot be submitted natively before its handler exists —
 * which would send the fields (a password) to the page's URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
