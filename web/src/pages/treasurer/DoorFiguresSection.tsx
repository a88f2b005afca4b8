import { useTranslation } from 'react-i18next';
import { Guarded } from '../../ui/access';
import { formatNumber, showtimeName } from '../../ui/format';
import { Table } from '../../ui/Table';
import { useDoorFigures, type Dashboard } from './useDashboard';

/**
 * What the door tells the treasurer (GET /api/management/events/{eventId}/door, one call): per showtime the tickets
 * issued, returned, reported sold and admitted; per member what they reported sold, how many of their tickets came
 * through the door, and the unreported ones (admitted beyond reported sold): money the member collected and still
 * owes, so it is highlighted in words as well as in colour.
 */
export function DoorFiguresSection({
  eventId,
  showtimes,
}: {
  eventId: string;
  showtimes: Dashboard['salesByShowtime'];
}) {
  const { t } = useTranslation();
  const door = useDoorFigures(eventId);
  const label = (showtimeId: string) => {
    const s = showtimes.find((x) => x.showtimeId === showtimeId);
    return s ? showtimeName(s) : showtimeId;
  };
  return (
    <section aria-labelledby="door-figures">
      <h2 id="door-figures">{t('doorFigures.title')}</h2>
      <Guarded query={door} what={t('doorFigures.loading')}>
        {(data) => {
          const owing = data.members.filter((m) => m.unreported > 0);
          const unreported = owing.reduce((n, m) => n + m.unreported, 0);
          return (
            <>
              <Table
                caption={t('doorFigures.showtimeTable')}
                head={[
                  t('doorFigures.showtime'),
                  t('doorFigures.issued'),
                  t('doorFigures.returned'),
                  t('doorFigures.reportedSold'),
                  t('doorFigures.admitted'),
                ]}
                rows={data.showtimes.map((s) => [
                  label(s.showtimeId),
                  formatNumber(s.issued),
                  formatNumber(s.returned),
                  formatNumber(s.reportedSold),
                  formatNumber(s.admitted),
                ])}
              />
              <p className={owing.length > 0 ? 'owed-note' : 'meta'}>
                {owing.length > 0
                  ? t('doorFigures.owing', { count: owing.length, tickets: formatNumber(unreported) })
                  : t('doorFigures.noneOwing')}
              </p>
              <Table
                caption={t('doorFigures.memberTable')}
                head={[
                  t('doorFigures.member'),
                  t('doorFigures.reportedSold'),
                  t('doorFigures.admitted'),
                  t('doorFigures.unreported'),
                ]}
                rows={data.members.map((m) => [
                  m.name,
                  formatNumber(m.reportedSold),
                  formatNumber(m.admitted),
                  m.unreported > 0 ? (
                    <strong key={m.userId} className="owed">
                      {t('doorFigures.stillOwed', { count: m.unreported, formatted: formatNumber(m.unreported) })}
                    </strong>
                  ) : (
                    formatNumber(0)
                  ),
                ])}
              />
            </>
          );
        }}
      </Guarded>
    </section>
  );
}
