import { useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../data/session-hooks';
import { outboxVersion, readOutbox, subscribeOutbox, type OutboxEntry } from './outbox';
import { forgetEntry, resend } from './send';
import './offline.css';

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  sending: 'Sending…',
  waiting: 'Waiting to send',
  unsent: 'Not confirmed: no answer came back',
  failed: 'Failed',
};

/**
 * The person's writes that the API has not confirmed yet, above every signed-in page: queued ones "waiting to
 * send", unanswered ones to send again (with the same key), refused ones with the API's reason until dismissed.
 */
export function PendingWrites() {
  useSyncExternalStore(subscribeOutbox, outboxVersion);
  const { session } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const entries = readOutbox().filter((e) => e.userId === session?.userId);
  if (entries.length === 0) return null;

  const sendAgain = (key: string) => {
    setBusy(true);
    void resend(key)
      .then(() => queryClient.invalidateQueries())
      .finally(() => setBusy(false));
  };
  return (
    <section className="pending" aria-label="Changes not yet sent" aria-live="polite">
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className={`pending-item ${entry.state}`} data-state={entry.state}>
            <span>
              <strong>{STATE_TEXT[entry.state]}:</strong> {entry.label}
              {entry.state === 'failed' && entry.error ? ` — ${entry.error.message}` : ''}
            </span>
            {(entry.state === 'waiting' || entry.state === 'unsent') && (
              <button type="button" className="secondary" disabled={busy} onClick={() => sendAgain(entry.key)}>
                Send now
              </button>
            )}
            {(entry.state === 'failed' || entry.state === 'unsent') && (
              <button type="button" className="secondary" onClick={() => forgetEntry(entry.key)}>
                Dismiss
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
