import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../app/session-hooks';
import { formatDateTime } from '../format';

export type EventItem = ResponseData<'/api/events', 'get'>['items'][number];

/** The organization's events (one paged call of up to 100; `includeDeleted` for the admin's restore list). */
export function useEvents(includeDeleted = false) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'events', includeDeleted],
    queryFn: () =>
      unwrap(
        http.GET('/api/events', {
          params: { query: { organizationId, limit: 100, ...(includeDeleted ? { includeDeleted: true } : {}) } },
        }),
      ),
    enabled: Boolean(organizationId),
  });
}

/** The event chosen in the URL (`?event=`), else the first live one: a reload or a shared link keeps the choice. */
export function useChosenEvent<E extends Pick<EventItem, 'id' | 'deletedAt'>>(events: E[] | undefined) {
  const [params, setParams] = useSearchParams();
  const live = (events ?? []).filter((e) => !e.deletedAt);
  const chosen = live.find((e) => e.id === params.get('event')) ?? live[0];
  const choose = (id: string) =>
    setParams(
      (p) => {
        p.set('event', id);
        return p;
      },
      { replace: true },
    );
  return { chosen, live, choose };
}

export function EventSelect({
  events,
  value,
  onChange,
}: {
  events: EventItem[];
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <label className="event-select">
      Event{' '}
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
