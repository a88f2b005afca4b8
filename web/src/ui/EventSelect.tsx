import { useTranslation } from 'react-i18next';
import { formatDateTime } from './format';

/** The event picker of the admin and manager pages (the choice itself lives in the URL: useChosenEvent). */
export function EventSelect({
  events,
  value,
  onChange,
}: {
  events: { id: string; name: string; date: string }[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="event-select">
      {t('ticketFields.event')}{' '}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {events.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name} ({formatDateTime(e.date)})
          </option>
        ))}
      </select>
    </label>
  );
}
