import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startI18n } from './i18n';
import { startOffline } from './offline/start';
import './ui/styles.css';

// The first paint waits for the active language's catalog (one small chunk), so no page flashes untranslated keys.
void startI18n().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

startOffline();
