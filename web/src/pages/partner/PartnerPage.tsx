import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../ui/router';
import { ApiError } from '../../api/client';
import { Empty, ErrorNotice, Loading } from '../../ui/feedback';
import { formatDateTime, formatNumber, showtimeName } from '../../ui/format';
import { Guarded, isForbidden, NotAllowed } from '../../ui/access';
import { useAccess } from '../../data/access';
import { Table } from '../../ui/Table';
import { MyDelegatedOrders, SelfOrder } from './MemberOrder';
import { PartnerQueue } from './PartnerQueue';
import { useCatalog, useDelegatedEvents, useSalesContext, type DelegatedEvent } from './queries';

/**
 * Selling for another organization: the delegated events (one call); for each, the member catalog (types,
 * showtimes, sold out or not; one call), a self-service request and the caller's own requests (one paged call) for
 * every member; for ticket managers also the sales context (seats left) and the queue.
 */
export default function PartnerPage() {
  const { t } = useTranslation();
  const events = useDelegatedEvents();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>{t('partner.page.title')}</h1>
      <Guarded query={events} what={t('partner.page.loadingEvents')}>
        {(data) => {
          const live = data.items.filter((e) => e.status === 'active');
          const chosen = live.find((e) => e.eventId === params.get('event')) ?? live[0];
          if (!chosen) return <Empty>{t('partner.page.none')}</Empty>;
          return (
            <>
              {live.length > 1 && (
                <label>
                  {t('partner.page.event')}{' '}
                  <select
                    value={chosen.eventId}
                    onChange={(e) => setParams({ event: e.target.value }, { replace: true })}
                  >
                    {live.map((e) => (
                      <option key={e.eventId} value={e.eventId}>
                        {e.eventName ?? e.eventId} ({e.ownerOrganizationName})
                      </option>
                    ))}
                  </select>
                </label>
              )}
              {/* Keyed by event: a form never keeps another event's showtime or ticket type ids. */}
              <DelegatedEventView key={chosen.eventId} event={chosen} />
            </>
          );
        }}
      </Guarded>
    </>
  );
}

function DelegatedEventView({ event }: { event: DelegatedEvent }) {
  const { t } = useTranslation();
  const access = useAccess();
  const manager = access.at('ticketManager');
  const catalog = useCatalog(event.eventId);
  // Ticket Manager+ also read the sales context: seats left per showtime (an advisory hint members do not get).
  const context = useSalesContext(manager ? event.eventId : undefined);
  const heading = (
    <h2>
      {t('partner.page.heading', {
        event: catalog.data?.eventName ?? event.eventName ?? t('partner.page.anEvent'),
        owner: event.ownerOrganizationName,
      })}
    </h2>
  );
  if (catalog.isPending) return <Loading what={t('partner.page.loadingEvent')} />;
  if (catalog.isError && !isCatalogOff(catalog.error))
    return isForbidden(catalog.error) ? (
      <NotAllowed what={t('partner.page.thisEvent')} />
    ) : (
      <ErrorNotice error={catalog.error} title={t('partner.page.couldNotLoad')} />
    );
  // The catalog switched off (DELEGATED_MEMBER_CATALOG_ENABLED): managers order from the sales context instead;
  // members are told in a sentence, not an error box.
  const source = catalog.data ?? context.data;
  if (!source && manager && context.isPending) return <Loading what={t('partner.page.loadingEvent')} />;
  return (
    <>
      {heading}
      <p className="meta">
        {formatDateTime(source?.date ?? event.eventDate)}
        {source?.location ? ` · ${source.location}` : ''}
        {source?.salesLocked ? ` · ${t('partner.page.salesClosed')}` : ''}
      </p>
      {manager && (
        <Guarded query={context} what={t('partner.page.loadingSeats')}>
          {(c) => (
            <Table
              caption={t('partner.page.seatsLeft')}
              head={[t('partner.column.showtime'), t('partner.column.capacity'), t('partner.column.left')]}
              rows={c.showtimes.map((s) => [showtimeName(s), formatNumber(s.venueCapacity), formatNumber(s.remaining)])}
            />
          )}
        </Guarded>
      )}
      {!source ? (
        <p className="notice" role="status">
          {t('errors.delegatedCatalog')}
        </p>
      ) : source.salesLocked || !source.active ? (
        <p className="notice">{t('partner.page.closed')}</p>
      ) : (
        <SelfOrder
          eventId={event.eventId}
          ticketTypes={source.ticketTypes}
          showtimes={source.showtimes.map((s) => ({ soldOut: 'remaining' in s && s.remaining <= 0, ...s }))}
        />
      )}
      <MyDelegatedOrders eventId={event.eventId} />
      {manager && <PartnerQueue eventId={event.eventId} />}
    </>
  );
}

const isCatalogOff = (error: unknown) =>
  error instanceof ApiError && error.code === 'DELEGATED_MEMBER_CATALOG_UNAVAILABLE';
