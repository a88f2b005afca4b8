import { startLandingPage } from './app/landing-pages';
import { firstLanguage, loadCatalog } from './i18n/language';
import './ui/styles.css';

/**
 * The entry (about 2 KB gzipped with its chunk): it lets the page paint before the application is fetched and run
 * (docs/decisions/web-client.md, "The first screen"). index.html's brand bar is painted first; then the
 * application's code, the language's catalog and the chunk of the page being opened are fetched side by side, and
 * boot.tsx starts React. A phone that evaluated the application before painting (it arrives together with the page
 * on a fast connection) showed nothing until then.
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

afterFirstPaint(() => {
  void loadCatalog(firstLanguage()).catch(() => undefined); // i18n/index.ts reads (and reports) the same load
  startLandingPage(window.location.pathname);
  void import('./boot');
});
