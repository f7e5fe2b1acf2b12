/**
 * The inbox's count of New messages for the sidebar badge: a small store read with
 * useSyncExternalStore. Its first reader starts the polling (read at once, then every minute), its
 * last one stops it; the inbox screen's loader tells it the counts whenever it reads them (a status
 * changed, a message went).
 */
import { useSyncExternalStore } from 'react';
import type { InboxCounts, InboxCountsReply } from '../../../shared/contact-inbox';
import { apiJson } from './api';

const POLL_MS = 60_000;

/** The number of New messages, or null until known (or when this account may not read them). */
let count: number | null = null;
const readers = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
/** Counts a polling round that has stopped may still receive: only the current round's are kept. */
let round = 0;

function show(next: number | null) {
  if (next === count) return;
  count = next;
  for (const reader of readers) reader();
}

/** Tells the badge the inbox's current counts. */
export function announceInboxCounts(counts: InboxCounts): void {
  show(counts.New);
}

/** GET /api/user/counts. */
export async function fetchInboxCounts(): Promise<InboxCounts> {
  return (await apiJson<InboxCountsReply>('/user/counts')).data;
}

function poll(ofRound: number) {
  fetchInboxCounts()
    .then((counts) => ofRound === round && show(counts.New))
    // no badge rather than an error: the inbox screen itself says what went wrong
    .catch(() => undefined);
}

function subscribe(reader: () => void) {
  readers.add(reader);
  if (readers.size === 1) {
    round += 1;
    const ofRound = round;
    poll(ofRound);
    timer = setInterval(() => poll(ofRound), POLL_MS);
  }
  return () => {
    readers.delete(reader);
    if (readers.size > 0) return;
    // the admin was left (signed out): the next one starts from an unknown count
    round += 1;
    clearInterval(timer);
    count = null;
  };
}

export function useNewMessageCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => null,
  );
}
