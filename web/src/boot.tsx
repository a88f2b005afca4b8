import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { currentSession } from './api/session';
import { startI18n } from './i18n';
import { startOffline } from './offline/start';
import { warmUpFormats } from './ui/format';

/**
 * The application, started by main.tsx once the first frame is on screen. The first render waits for the
 * language's catalog (one small chunk, already on its way), so no page flashes untranslated keys; it runs as a
 * transition, which React renders in slices between which the browser stays free to answer a tap.
 */
void startI18n().finally(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // A signed-in page shows money and dates: Intl's first formatter loads its locale data (tens of milliseconds),
  // done here in a task of its own while the page's data is on its way, not inside the render that shows them.
  if (currentSession()) setTimeout(warmUpFormats, 0);
});

startOffline();
