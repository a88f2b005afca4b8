import { currentSession, subscribeSession } from '../api/session';
import { queryClient } from '../app/query-client';
import { flushOutbox, recoverInterrupted } from './send';
import { readOutbox } from './outbox';

/** The Workbox runtime cache of GET /api/* (vite.config.ts names it): one person's data, forgotten at logout. */
export const API_CACHE = 'api-data';
const RETRY_EVERY_MS = 20_000;

async function flushAndRefresh() {
  const sent = await flushOutbox();
  // A sale moves orders, capacity and stats at once: refetch what is on screen, as after any write.
  if (sent > 0) await queryClient.invalidateQueries();
}

/**
 * Starts the offline parts once, from main.tsx: the service worker (after the page has loaded, so it never
 * competes with the first paint), and the sending of queued writes on start, when the connection returns and,
 * while some wait on a connection the browser believes is up (a captive portal, a dead Wi-Fi), every 20 seconds.
 */
export function startOffline() {
  recoverInterrupted();
  window.addEventListener('online', () => void flushAndRefresh());
  window.setInterval(() => {
    if (readOutbox().some((e) => e.state === 'waiting')) void flushAndRefresh();
  }, RETRY_EVERY_MS);
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
