import { useQuery } from '@tanstack/react-query';
import { http, unwrap } from '../../api/instance';
import type { ResponseData } from '../../api/types';
import { useOrganization } from '../../data/session-hooks';

export type Dashboard = ResponseData<'/api/management/dashboard/{eventId}', 'get'>;
export type MemberSales = Dashboard['salesByMember'][number];

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

export const INVOICE_STATE: Record<string, string> = {
  awaitingSettlement: 'Awaiting settlement',
  invalidBasis: 'Invalid invoice basis',
  readyToInvoice: 'Ready to invoice',
  partiallyInvoiced: 'Partly invoiced',
  invoiced: 'Invoiced',
};
