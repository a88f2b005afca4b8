import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../ui/router';
import { currentSession } from '../../api/session';
import { useAccess } from '../../data/access';
import { useChosenEvent, useEvents } from '../../data/events';
import { NotAllowed } from '../../ui/access';
import { EventSelect } from '../../ui/EventSelect';
import { ErrorNotice, Loading } from '../../ui/feedback';
import { formatDateTime, formatNumber, showtimeName } from '../../ui/format';
import { DoorAnswerPanel } from './DoorAnswerPanel';
import { DoorHelpers } from './DoorHelpers';
import { useMyDoorGrants, worksEveryDoor } from './door-access';
import { doorCounts } from './door-store';
import { Scanner } from './Scanner';
import { useDoor, type DoorAnswer } from './useDoor';
import './door.css';

/**
 * The door (issue 34; docs/decisions/tickets.md, "The door page"), made for a phone: pick the event and showtime,
 * scan with the camera (or a photo, or type a serial from a damaged print), read a large green or red answer, see
 * admitted of expected. Ticket Manager+ work every event's door; a member the events an Admin gave them a door
 * grant for. Admins give and take those grants below the door.
 */
export default function DoorPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const everyDoor = worksEveryDoor(access);
  const grants = useMyDoorGrants(!everyDoor && Boolean(access.role));
  const events = useEvents();
  const granted = new Set((grants.data?.items ?? []).map((g) => g.eventId));
  const allowedEvents = (events.data?.items ?? []).filter((e) => everyDoor || granted.has(e.id));
  const { chosen, live, choose } = useChosenEvent(allowedEvents);

  if (events.isPending || (!everyDoor && grants.isPending)) return <Loading what={t('door.loading')} />;
  const failed = events.error ?? grants.error;
  if (failed)
    return (
      <>
        <h1>{t('door.title')}</h1>
        <ErrorNotice error={failed} title={t('door.couldNotLoad')} />
      </>
    );
  if (!everyDoor && granted.size === 0)
    return (
      <>
        <h1>{t('door.title')}</h1>
        <NotAllowed what={t('door.noGrant')} />
      </>
    );
  return (
    <div className="door-page">
      <h1>{t('door.title')}</h1>
      {live.length === 0 ? (
        <p className="empty">{t('door.noEvents')}</p>
      ) : (
        <>
          <EventSelect events={live} value={chosen?.id} onChange={choose} />
          {chosen && <ShowtimeDoor key={chosen.id} event={chosen} />}
          {chosen && (access.at('admin') || access.isSuperAdmin) && <DoorHelpers eventId={chosen.id} />}
        </>
      )}
    </div>
  );
}

type ChosenEvent = NonNullable<ReturnType<typeof useChosenEvent>['chosen']> & {
  showtimes: { showtimeId: string; dateTime: string; label?: string }[];
};

function ShowtimeDoor({ event }: { event: ChosenEvent }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const showtime = event.showtimes.find((s) => s.showtimeId === params.get('showtime')) ?? event.showtimes[0];
  const chooseShowtime = (id: string) =>
    setParams(
      (p) => {
        p.set('showtime', id);
        return p;
      },
      { replace: true },
    );
  return (
    <>
      {event.showtimes.length > 1 && (
        <label className="event-select">
          {t('door.showtime')}{' '}
          <select value={showtime?.showtimeId ?? ''} onChange={(e) => chooseShowtime(e.target.value)}>
            {event.showtimes.map((s) => (
              <option key={s.showtimeId} value={s.showtimeId}>
                {showtimeName(s)}
              </option>
            ))}
          </select>
        </label>
      )}
      {showtime && <Door key={showtime.showtimeId} eventId={event.id} showtimeId={showtime.showtimeId} />}
    </>
  );
}

function Door({ eventId, showtimeId }: { eventId: string; showtimeId: string }) {
  const { t } = useTranslation();
  const session = currentSession();
  const { organizationId } = useAccess();
  const door = useDoor({ userId: session?.userId ?? '', organizationId }, eventId, showtimeId);
  const [answer, setAnswer] = useState<DoorAnswer>();
  const [scanError, setScanError] = useState<unknown>();
  const [serial, setSerial] = useState('');
  const { state } = door;
  const counts = doorCounts(state);

  async function run(input: { code?: string; serial?: string }) {
    setScanError(undefined);
    try {
      setAnswer(await door.scan(input));
    } catch (error) {
      setAnswer(undefined);
      setScanError(error);
    }
  }
  function submitSerial(event: FormEvent) {
    event.preventDefault();
    if (!serial.trim()) return;
    void run({ serial }).then(() => setSerial(''));
  }

  return (
    <>
      <p className="door-counts" role="status">
        {state.kit
          ? t('door.counts', { admitted: formatNumber(counts.admitted), expected: formatNumber(counts.expected) })
          : t('door.countsUnknown')}
      </p>
      <div className={`door-connection ${door.isOnline ? 'online' : 'offline'}`} role="status">
        <p>
          {door.isOnline ? t('door.online') : t('door.offline')}{' '}
          {state.kit && state.kitAt
            ? t('door.kitReady', { at: formatDateTime(state.kitAt), count: Object.keys(state.kit.tickets).length })
            : t('door.noKit')}
        </p>
        {state.queue.length > 0 && (
          <p>
            {t('door.queued', { count: state.queue.length })}{' '}
            {door.isOnline && (
              <button type="button" className="secondary" disabled={door.sending} onClick={() => void door.sendQueue()}>
                {t('door.sendNow')}
              </button>
            )}
          </p>
        )}
        {door.isOnline && (
          <button type="button" className="secondary" onClick={() => void door.loadKit()}>
            {t('door.refreshKit')}
          </button>
        )}
      </div>
      <ErrorNotice error={door.kitError} title={t('door.kitFailed')} />
      <ErrorNotice error={door.syncError} title={t('door.syncFailed')} />
      <DoorAnswerPanel answer={answer} />
      <ErrorNotice error={scanError} title={t('door.scanFailed')} />
      <Scanner onCode={(code) => void run({ code })} />
      <form className="door-serial" onSubmit={submitSerial} aria-labelledby="door-serial-title">
        <h2 id="door-serial-title">{t('door.serial.title')}</h2>
        <label>
          {t('door.serial.label')}
          <input
            value={serial}
            onChange={(e) => setSerial(e.target.value)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('door.serial.placeholder')}
          />
        </label>
        <button type="submit">{t('door.serial.submit')}</button>
      </form>
      {state.differences.length > 0 && (
        <section className="door-differences" aria-labelledby="door-differences-title">
          <h2 id="door-differences-title">{t('door.differences.title')}</h2>
          <p>{t('door.differences.intro', { count: state.differences.length })}</p>
          <ul>
            {state.differences.map((d) => (
              <li key={d.nonce}>
                {t('door.differences.item', {
                  serial: d.answer.ticket?.serial ?? d.serial ?? '?',
                  at: formatDateTime(d.scannedAt),
                  here: t(`door.result.${d.localResult}`),
                  server: t(`door.result.${d.answer.result}`),
                })}
              </li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => door.update((s) => ({ ...s, differences: [] }))}>
            {t('door.differences.clear')}
          </button>
        </section>
      )}
    </>
  );
}
