/**
 * The inbox's count of New messages for the sidebar badge: read at start and every minute, and
 * announced by the inbox screen whenever it learns new counts (a status changed, a message went).
 */
import { useEffect, useState } from 'react';
import type { InboxCounts } from '../../../shared/contact-inbox';
import { apiJson } from './api';

const EVENT = 'inbox-counts';
const POLL_MS = 60_000;

/** Tells the badge (and anyone listening) the inbox's current counts. */
export function announceInboxCounts(counts: InboxCounts): void {
  window.dispatchEvent(new CustomEvent<InboxCounts>(EVENT, { detail: counts }));
}

/** GET /api/user/counts. */
export async function fetchInboxCounts(): Promise<InboxCounts> {
  return (await apiJson<{ data: InboxCounts }>('/user/counts')).data;
}

/** The number of New messages, or null until known (or when this account may not read them). */
export function useNewMessageCount(): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      fetchInboxCounts()
        .then((counts) => live && setCount(counts.New))
        // no badge rather than an error: the inbox screen itself says what went wrong
        .catch(() => undefined);
    const onCounts = (event: Event) => setCount((event as CustomEvent<InboxCounts>).detail.New);
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    window.addEventListener(EVENT, onCounts);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(EVENT, onCounts);
    };
  }, []);
  return count;
}
