import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { useOrganization } from '../../data/session-hooks';
import { Empty, ErrorNotice, Success } from '../../ui/feedback';
import { formatDateTime, formatNumber } from '../../ui/format';
import { Guarded } from '../../ui/access';
import { EventSelect } from '../../ui/EventSelect';
import { useChosenEvent, useEvents, type EventItem } from '../../data/events';
import { Table } from '../../ui/Table';
import { AllocationsSection } from './AllocationsSection';

/**
 * The commitment round of an event (open, close, convert into allocations) with its pledge summary and the
 * pledges, then allocations per member. Calls: events, pledge summary, pledges, allocation members.
 */
export default function CommitmentPage() {
  const events = useEvents();
  const { chosen, live, choose } = useChosenEvent(events.data?.items);
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('admin.commitment.title')}</h1>
      <Guarded query={events} what={t('admin.events.loading')}>
        {() =>
          !chosen ? (
            <Empty>{t('admin.events.none')}</Empty>
          ) : (
            <>
              <EventSelect events={live} value={chosen.id} onChange={choose} />
              <Commitment event={chosen} />
              <AllocationsSection event={chosen} />
            </>
          )
        }
      </Guarded>
    </>
  );
}

function Commitment({ event }: { event: EventItem }) {
  const { t } = useTranslation();
  const { organizationId } = useOrganization();
  const params = { params: { path: { eventId: event.id }, query: { organizationId } } };
  const summary = useQuery({
    queryKey: [organizationId, 'pledge-summary', event.id],
    queryFn: () => unwrap(http.GET('/api/events/{eventId}/pledge-summary', params)),
  });
  const pledges = useQuery({
    queryKey: [organizationId, 'pledges', event.id],
    queryFn: () => unwrap(http.GET('/api/management/events/{eventId}/pledges', params)),
  });
  const [deadline, setDeadline] = useState('');
  const change = useAction((status: 'open' | 'closed' | 'converted', org) =>
    unwrap(
      http.PUT('/api/management/events/{eventId}/commitment', {
        params: { path: { eventId: event.id }, query: { organizationId: org } },
        body: { status, ...(status === 'open' && deadline ? { deadline: new Date(deadline).toISOString() } : {}) },
      }),
    ),
  );
  return (
    <section aria-labelledby="commitment-title">
      <h2 id="commitment-title">{t('admin.commitment.round')}</h2>
      <Guarded query={summary} what={t('admin.commitment.loading')}>
        {(s) => (
          <>
            <p>
              {t(`admin.commitment.state.${s.commitmentStatus ?? 'notStarted'}`)}
              {s.commitmentDeadline
                ? t('admin.commitment.deadlineAt', { when: formatDateTime(s.commitmentDeadline) })
                : ''}
              :{' '}
              {t('admin.commitment.pledges', {
                count: s.pledgeCount,
                formatted: formatNumber(s.pledgeCount),
                sure: formatNumber(s.totalSure),
                possible: formatNumber(s.totalPossible),
              })}
            </p>
            <div className="row">
              <label>
                {t('admin.commitment.deadline')}
                <input type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} />
              </label>
              <button
                type="button"
                disabled={change.isPending || s.commitmentStatus === 'open'}
                onClick={() => change.mutate('open')}
              >
                {t('admin.commitment.open')}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={change.isPending || s.commitmentStatus !== 'open'}
                onClick={() => change.mutate('closed')}
              >
                {t('admin.commitment.close')}
              </button>
              <button
                type="button"
                className="secondary"
                disabled={change.isPending || s.commitmentStatus !== 'closed'}
                onClick={() => change.mutate('converted')}
              >
                {t('admin.commitment.convert')}
              </button>
            </div>
          </>
        )}
      </Guarded>
      {change.data?.conversion && (
        <Success>
          {t('admin.commitment.converted', {
            created: formatNumber(change.data.conversion.allocationsCreated),
            skipped: formatNumber(change.data.conversion.skippedExisting),
          })}
        </Success>
      )}
      <ErrorNotice error={change.error} />
      <Guarded query={pledges} what={t('admin.commitment.loadingPledges')}>
        {(data) => (
          <Table
            caption={t('admin.commitment.caption')}
            head={[
              t('admin.allocations.member'),
              t('admin.members.email'),
              t('admin.commitment.sure'),
              t('admin.commitment.possible'),
              t('admin.commitment.updated'),
            ]}
            rows={data.items.map((p) => [
              p.userName,
              p.userEmail,
              formatNumber(p.sureCount),
              formatNumber(p.possibleCount),
              formatDateTime(p.updatedAt),
            ])}
          />
        )}
      </Guarded>
    </section>
  );
}
