import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <div role="status" className={completed ? 'notice success' : 'notice'}>
      <strong>
        {title}: {completed ? t('partial.done') : t('partial.partly')}.
      </strong>{' '}
      {counts
        .filter(([, n]) => n > 0)
        .map(([label, n]) => `${n} ${label}`)
        .join(', ') || t('partial.nothing')}
      .
      {records.length > 0 && (
        <ul aria-label={t('partial.notChanged')}>
          {records.map((r) => (
            <li key={`${r.kind ?? ''}${r.id}`}>
              {r.kind ? `${r.kind} ` : ''}
              <code>{r.id}</code>: {r.outcome}
              {r.reason ? ` (${t(`partial.reason.${r.reason}`, { defaultValue: r.reason })})` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
