import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../data/session-hooks';
import { i18next } from '../../i18n';

export type Dashboard = ResponseData<'/api/management/dashboard/{eventId}', 'get'>;
export type MemberSales = Dashboard['salesByMember'][number];
export type DoorFigures = ResponseData<'/api/management/events/{eventId}/door', 'get'>;
export type Receivables = ResponseData<'/api/management/events/{eventId}/receivables', 'get'>;
export type Receivable = Receivables['items'][number];

/** DashboardStats of one event (one call). */
export function useDashboard(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'dashboard', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/dashboard/{eventId}', {
          params: { path: { eventId: eventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/** What the door saw for one event: per showtime and per member (one call, Treasurer+). */
export function useDoorFigures(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'door-figures', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/events/{eventId}/door', {
          params: { path: { eventId: eventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/** What each member owes for one event: invoiced, paid, outstanding and status (one call, Treasurer+). */
export function useReceivables(eventId: string | undefined) {
  const { organizationId } = useOrganization();
  return useQuery({
    queryKey: [organizationId, 'receivables', eventId],
    queryFn: () =>
      unwrap(
        http.GET('/api/management/events/{eventId}/receivables', {
          params: { path: { eventId: eventId! }, query: { organizationId } },
        }),
      ),
    enabled: Boolean(organizationId && eventId),
  });
}

/** An invoice state of the dashboard ("Ready to invoice") in the person's language; an unknown one as named. */
export const invoiceStateLabel = (state: string) => i18next.t(`invoicing.state.${state}`, { defaultValue: state });

/** A receivable status ("Partly paid", "Overdue") in the person's language. */
export const receivableStatusLabel = (status: string) =>
  i18next.t(`receivables.status.${status}`, { defaultValue: status });
