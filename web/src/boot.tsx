import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appRouter } from './app/App';
import { currentOrganizationId, currentSession } from './api/session';
import { firstScreenReads } from './data/first-screen';
import { readFirstScreen } from './data/queries';
import { startI18n } from './i18n';
import { startOffline } from './offline/start';
import { warmUpFormats } from './ui/format';
import { nextTask } from './ui/tasks';

/** How long the first render waits for the opened page's data before it shows the page loading instead. */
const FIRST_SCREEN_WAIT_MS = 1_000;

/** The opened page's first reads, in the cache before the first render (or the wait is over). */
async function firstScreen() {
  const organizationId = currentOrganizationId();
  const reads = firstScreenReads(window.location.pathname, window.location.search);
  if (!organizationId || !currentSession() || reads.length === 0) return;
  await Promise.race([readFirstScreen(reads, organizationId), nextTask(FIRST_SCREEN_WAIT_MS)]);
}

/**
 * The application, started by main.tsx once the first frame is on screen, in steps that are tasks of their own
 * (the browser answers a tap between them; none holds it up for long): this module's evaluation, the language, the
 * router (the routes ranked, the opened page's chunk asked for), the first render, then the offline parts. The first
 * render waits for the language's catalog (one small chunk, already on its way), so no page flashes untranslated keys,
 * and for what the entry asked early (at most a second): on every signed-in page auth/me, which the shell needs before
 * it draws the page, and on a member's first screens the page's data, so the page is rendered once with it rather
 * than loading first and then again.
 */
async function start() {
  await nextTask();
  const language = startI18n();
  await nextTask();
  appRouter();
  await language.catch(() => undefined); // i18n reports a missing catalog; the page still renders
  await firstScreen();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // A signed-in page shows money and dates: the organization's formatters are made in a task of their own while the
  // page's data is on its way, not inside the render that shows them (main.tsx loaded the locale data already).
  if (currentSession()) setTimeout(warmUpFormats, 0);
  setTimeout(startOffline, 0);
}

void start();
