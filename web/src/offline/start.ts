import { currentSession, subscribeSession } from '../api/session';
import { queryClient } from '../data/query-client';
import { flushOutbox, recoverInterrupted } from './send';
import { readOutbox } from './outbox';

/** The Workbox runtime cache of GET /api/* (vite.config.ts names it): one person's data, forgotten at logout. */
export const API_CACHE = 'api-data';
/** Retries of waiting writes while the browser believes it is online: 5 seconds, doubling up to a minute. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;
let retryAfterMs = FIRST_RETRY_MS;
let nextTryAt = 0;

async function flushAndRefresh() {
  const sent = await flushOutbox();
  const stillWaiting = readOutbox().some((e) => e.state === 'waiting');
  if (!stillWaiting) retryAfterMs = FIRST_RETRY_MS;
  nextTryAt = Date.now() + retryAfterMs;
  if (stillWaiting) retryAfterMs = Math.min(retryAfterMs * 2, LAST_RETRY_MS);
  // A sale moves orders, capacity and stats at once: refetch what is on screen, as after any write.
  if (sent > 0) await queryClient.invalidateQueries();
}

/**
 * Starts the offline parts once, from main.tsx: the service worker (after the page has loaded, so it never
 * competes with the first paint), and the sending of queued writes on start, when the connection returns and,
 * while some wait on a connection the browser believes is up (a captive portal, a dead Wi-Fi), again after 5
 * seconds, then 10, 20, up to every minute.
 */
export function startOffline() {
  recoverInterrupted();
  window.addEventListener('online', () => {
    retryAfterMs = FIRST_RETRY_MS;
    void flushAndRefresh();
  });
  window.setInterval(() => {
    if (Date.now() >= nextTryAt && readOutbox().some((e) => e.state === 'waiting')) void flushAndRefresh();
  }, FIRST_RETRY_MS);
  void flushAndRefresh();

  let signedIn = Boolean(currentSession());
  subscribeSession(() => {
    const now = Boolean(currentSession());
    // Logged out (or the session ended): the next person on this phone must not read this one's cached answers.
    if (signedIn && !now && 'caches' in window) void caches.delete(API_CACHE);
    if (!signedIn && now) void flushAndRefresh();
    signedIn = now;
  });

  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    const register = () =>
      void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}
