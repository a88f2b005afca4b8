import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../ui/router';
import { http, unwrap } from '../api/instance';
import type { ResponseData } from '../api/types';
import { useOrganization } from './session-hooks';

export type EventItem = ResponseData<'/api/events', 'get'>['items'][number];

/**
 * The organization's events (one paged call of up to 100; `includeDeleted` for the admin's restore list).
 * `enabled: false` when another answer already carries them (GET /api/orders?withEvents=true).
 */
export function useEvents(includeDeleted = false, enabled = true) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'events', includeDeleted],
    queryFn: () =>
      unwrap(
        http.GET('/api/events', {
          params: { query: { organizationId, limit: 100, ...(includeDeleted ? { includeDeleted: true } : {}) } },
        }),
      ),
    enabled: Boolean(organizationId) && enabled,
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
