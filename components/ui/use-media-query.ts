'use client';

import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current. The server (and the first client render)
 * says `serverValue`, so a page hydrates without a mismatch and then switches.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

/** Phones: lists show cards instead of a table below this width (Tailwind's `sm`). */
export const NARROW = '(max-width: 639px)';
