import type { ReactNode } from 'react';

/**
 * A 207 answer shown record by record: what went through, and each record that did not with its reason, so a
 * person can act on exactly those (retry, look at the order) rather than read one vague "partly failed".
 */
export function PartialResult({
  title,
  completed,
  counts,
  records,
}: {
  title: string;
  completed: boolean;
  counts: [string, number][];
  records: { id: string; kind?: string; outcome: string; reason?: string }[];
}) {
  return (
    <div role="status" className={completed ? 'notice success' : 'notice'}>
      <strong>
        {title}: {completed ? 'done' : 'partly done (HTTP 207)'}.
      </strong>{' '}
      {counts
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${n} ${label}`)
        .join(', ') || 'nothing to change'}
      .
      {records.length > 0 && (
        <ul aria-label="Records not changed">
          {records.map((r) => (
            <li key={`${r.kind ?? ''}${r.id}`}>
              {r.kind ? `${r.kind} ` : ''}
              <code>{r.id}</code>: {r.outcome}
              {r.reason ? ` (${REASON[r.reason] ?? r.reason})` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const REASON: Record<string, ReactNode & string> = {
  archived: 'archived meanwhile',
  changed: 'changed by someone else meanwhile; try again',
  writeFailed: 'could not be saved; try again',
};
