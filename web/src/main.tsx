import { API_BASE_URL } from './api/base-url';
import { askEarly } from './api/early-answers';
import { currentOrganizationId, currentSession } from './api/session';
import { startLandingPage } from './app/landing-pages';
import { firstScreenReads, requestOf } from './data/first-screen';
import { firstLanguage, loadCatalog } from './i18n/language';
import { nextTask } from './ui/tasks';
import './ui/styles.css';

/**
 * The entry (about 3.5 KB gzipped with its chunk): it lets the page paint before the application is fetched and run
 * (docs/decisions/web-client.md, "The first screen"). index.html's brand bar is painted first; then the
 * application's code (its libraries, then its own), for a signed-in member's first screens the page's API answers,
 * the language's catalog and the chunk of the page being opened are fetched side by side, and boot.tsx starts React.
 * Each step is a task of its own, so the browser can answer a tap between them.
 */
function afterFirstPaint(start: () => void) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // requestAnimationFrame runs just before the frame is painted; the timeout after it runs once it is on screen.
  requestAnimationFrame(() => setTimeout(once, 0));
  // A tab opened in the background paints no frames: it starts anyway.
  if (document.visibilityState === 'hidden') once();
}

/**
 * A signed-in page shows numbers and dates: the browser's first `Intl` formatter loads its locale data (30-40 ms on
 * a desktop, several times that on a phone, the same for any language). Done here, before the first paint, while
 * nothing on the screen can be used yet, rather than as a pause after the page has appeared (when it would hold up
 * a tap). The login page formats nothing and does not pay it.
 */
function loadLocaleData() {
  try {
    const language = firstLanguage();
    new Intl.NumberFormat(language).format(0);
    new Intl.DateTimeFormat(language).format(0);
  } catch {
    /* only a head start: ui/format.ts makes (and falls back for) the formatters the pages use */
  }
}

if (currentSession()) loadLocaleData();

/**
 * Runs each step in a task of its own, one after another: starting a request or a module's import costs a few
 * milliseconds each on a desktop (a fetch, the bundler's preload of the chunk's dependencies), several times that on a
 * phone, and together they made one long task right after the first paint.
 */
async function oneTaskEach(steps: (() => void)[]) {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await nextTask();
    step();
  }
}

/**
 * The application, each part evaluated in a task of its own: its libraries, then its own code (a chunk is evaluated
 * in one task, and the two as one were the longest task after the first paint: vite.config.ts, applicationChunk),
 * then the chunk of the page being opened. The page's chunk comes last because it imports the other two: asked for
 * before them, when all three had arrived together (as in Lighthouse's cold runs), its import evaluated all three in
 * one task again (a 24-38 ms task on direct sales). No test holds this order: arriving apart, as in the browser tests
 * here, the chunks are evaluated a task each either way (docs/decisions/web-client.md, stop 45). Should the
 * libraries' chunk not arrive, the application's import asks for it again (and its failure is the page's to show).
 */
async function startApplication(path: string) {
  await import('react-dom/client').catch(() => undefined);
  await nextTask();
  await import('./boot');
  await nextTask();
  startLandingPage(path);
}

afterFirstPaint(() => {
  const organizationId = currentOrganizationId();
  const reads = organizationId ? firstScreenReads(window.location.pathname, window.location.search) : [];
  const language = firstLanguage();
  const path = window.location.pathname;
  void oneTaskEach([
    // What travels first: the page's API answers and its language's catalog (the application's chunks are on their
    // way already, prefetched by the page).
    ...reads.map((read) => () => askEarly([requestOf(read, organizationId!)], API_BASE_URL)),
    () => void loadCatalog(language).catch(() => undefined), // i18n/index.ts reads (and reports) the same load
    () => void startApplication(path),
  ]);
});
