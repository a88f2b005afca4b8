import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../data/session-hooks';
import { outboxVersion, readOutbox, subscribeOutbox, type OutboxEntry } from './outbox';
import { forgetEntry, KEY_EXPIRED, resend } from './send';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  sending: 'offline.state.sending',
  waiting: 'offline.state.waiting',
  unsent: 'offline.state.unsent',
  failed: 'offline.state.failed',
};

/**
 * The person's writes that the API has not confirmed yet, above every signed-in page: queued ones "waiting to
 * send", unanswered ones to send again (with the same key), refused ones with the API's reason until dismissed.
 */
export function PendingWrites() {
  const { t } = useTranslation();
  useSyncExternalStore(subscribeOutbox, outboxVersion);
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const entries = readOutbox().filter((e) => e.userId === session?.userId);
  if (entries.length === 0) return null;

  // The device's own "too old" refusal is worded now, in the current language; the API's reasons were worded when
  // they came back (plainMessage) and are kept as they are.
  const failureText = (error: NonNullable<OutboxEntry['error']>) =>
    error.code === KEY_EXPIRED ? t('offline.tooOld') : error.message;

  const sendAgain = (key: string) => {
    setBusy(true);
    void resend(key)
      .then(() => queryClient.invalidateQueries())
      .finally(() => setBusy(false));
  };
  return (
    <section className="pending" aria-label={t('offline.pendingTitle')} aria-live="polite">
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className={`pending-item ${entry.state}`} data-state={entry.state}>
            <span>
              {/* The label was translated when the person made the intent (it is kept with the entry). */}
              <strong>{t(STATE_TEXT[entry.state])}:</strong> {entry.label}
              {entry.state === 'failed' && entry.error ? ` — ${failureText(entry.error)}` : ''}
            </span>
            {(entry.state === 'waiting' || entry.state === 'unsent') && (
              <button type="button" className="secondary" disabled={busy} onClick={() => sendAgain(entry.key)}>
                {t('offline.sendNow')}
              </button>
            )}
            {(entry.state === 'failed' || entry.state === 'unsent') && (
              <button type="button" className="secondary" onClick={() => forgetEntry(entry.key)}>
                {t('offline.dismiss')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
