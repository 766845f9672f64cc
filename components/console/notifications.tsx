'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import type { AuditListItem } from '@/lib/audit/schemas';
import { apiFetch } from '@/lib/http/client';

type Item = Omit<AuditListItem, 'createdAt'> & { createdAt: string };

/** How often the console asks for news (ms). */
const POLL_MS = 5_000;

/** The unread count, shared by the poller and the navigation (one console tab, one count). */
let unread = 0;
const listeners = new Set<() => void>();
function setUnread(next: number) {
  if (next === unread) return;
  unread = next;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** How many notifications arrived since the admin last looked at Activity. */
export function useUnread() {
  return useSyncExternalStore(subscribe, () => unread, () => 0);
}

const bad = (action: string) => action.endsWith('.fail') || action === 'copyright.reject';

/**
 * The console's notifications: while an admin has the console open, it polls
 * GET /api/v1/console/audit/updates with a cursor (every 5 s, not while the tab is hidden) and
 * shows a toast for each send, deployment or mint that confirmed or failed on chain and each
 * copyright decision; the Activity link counts them until Activity is opened. The first poll only
 * takes a cursor: nothing from before the page opened is announced.
 */
export function NotificationsPoller() {
  const pathname = usePathname();
  const onActivity = pathname === '/activity' || pathname.startsWith('/activity/');
  const onActivityRef = useRef(onActivity);

  useEffect(() => {
    onActivityRef.current = onActivity;
    if (onActivity) setUnread(0);
  }, [onActivity]);

  useEffect(() => {
    let cursor: string | null = null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (stopped) return;
      if (document.visibilityState !== 'hidden') {
        try {
          const res: { cursor: string; data: Item[] } = await apiFetch('/api/v1/console/audit/updates', { query: { after: cursor } });
          const first = cursor === null;
          cursor = res.cursor;
          if (!first && res.data.length) {
            for (const item of res.data) {
              const text = `${item.actionLabel}: ${item.entityLabel ?? item.entityTypeLabel}`;
              if (bad(item.action)) toast.error(text);
              else toast.success(text);
            }
            if (!onActivityRef.current) setUnread(unread + res.data.length);
          }
        } catch {
          // A failed poll is retried on the next tick; the lists show their own errors.
        }
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return null;
}
