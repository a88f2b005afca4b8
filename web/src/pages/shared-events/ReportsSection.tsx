import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useOrganization } from '../../data/session-hooks';
import { formatMoney, formatNumber, showtimeName } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { useAccess } from '../../data/access';
import { Table } from '../../ui/Table';
import { can, type SharedEvent } from './queries';

/** The combined report (owners, `viewCombinedReports`) and the caller's own participant report (Ticket
 * manager+); each one call. */
export function ReportsSection({ event }: { event: SharedEvent }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const access = useAccess();
  const params = { params: { path: { sharedEventId: event.id }, query: { organizationId } } };
  const combinedAllowed = can(event, 'viewCombinedReports') || access.isSuperAdmin;
  const combined = useQuery({
    queryKey: [organizationId, 'shared-report-combined', event.id],
    queryFn: () => unwrap(http.GET('/api/shared-events/{sharedEventId}/reports/combined', params)),
    enabled: combinedAllowed,
  });
  const own = useQuery({
    queryKey: [organizationId, 'shared-report-own', event.id],
    queryFn: () => unwrap(http.GET('/api/shared-events/{sharedEventId}/reports/participant', params)),
    enabled: access.at('ticketManager') && Boolean(event.viewer?.participantStatus),
  });
  return (
    <section aria-labelledby="reports-title">
      <h2 id="reports-title">{t('sharedEvents.reports.title')}</h2>
      {combinedAllowed && (
        <Guarded query={combined} what={t('sharedEvents.reports.loadingCombined')}>
          {(r) => (
            <>
              <Table
                caption={t('sharedEvents.reports.perShowtime')}
                head={[
                  t('sharedEvents.column.showtime'),
                  t('sharedEvents.column.capacity'),
                  t('sharedEvents.column.sold'),
                  t('sharedEvents.column.seatsTaken'),
                  t('sharedEvents.column.remaining'),
                  t('sharedEvents.column.revenue'),
                ]}
                rows={r.showtimes.map((s) => [
                  showtimeName(s),
                  formatNumber(s.capacity),
                  formatNumber(s.ticketsSold),
                  formatNumber(s.seatsTaken),
                  formatNumber(s.available),
                  formatMoney(s.revenue),
                ])}
              />
              <Table
                caption={t('sharedEvents.reports.perOrganization')}
                head={[
                  t('sharedEvents.column.organization'),
                  t('sharedEvents.column.sold'),
                  t('sharedEvents.column.seatsTaken'),
                  t('sharedEvents.column.revenue'),
                  t('sharedEvents.column.fees'),
                ]}
                rows={r.organizations.map((o) => [
                  o.organizationName ?? o.organizationId,
                  formatNumber(o.ticketsSold),
                  formatNumber(o.seatsTaken),
                  formatMoney(o.revenue),
                  formatMoney(o.fees),
                ])}
              />
            </>
          )}
        </Guarded>
      )}
      {own.isEnabled && (
        <Guarded query={own} what={t('sharedEvents.reports.loadingOwn')}>
          {(r) => (
            <Table
              caption={t('sharedEvents.reports.own')}
              head={[
                t('sharedEvents.column.showtime'),
                t('sharedEvents.column.sold'),
                t('sharedEvents.column.seatsTaken'),
                t('sharedEvents.column.revenue'),
              ]}
              rows={r.showtimes.map((s) => [
                showtimeName(s),
                formatNumber(s.ticketsSold),
                formatNumber(s.seatsTaken),
                formatMoney(s.revenue),
              ])}
            />
          )}
        </Guarded>
      )}
    </section>
  );
}
