import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format';
import type { DoorAnswer } from './useDoor';

/**
 * The answer at the door, large enough to read at arm's length: green for "let them in", red for every refusal
 * (amber while the phone cannot check a code offline), the reason in plain words, and the ticket it names.
 */
export function DoorAnswerPanel({ answer }: { answer: DoorAnswer | undefined }) {
  const { t } = useTranslation();
  if (!answer) {
    return (
      <div className="door-answer idle" role="status" aria-live="polite">
        <p className="door-verdict">{t('door.answer.waiting')}</p>
      </div>
    );
  }
  const tone = answer.result === 'admitted' ? 'go' : answer.result === 'unverified' ? 'wait' : 'stop';
  const first = answer.firstAdmission;
  const reason =
    answer.result === 'already_admitted'
      ? first
        ? t(first.via === 'serial' ? 'door.reason.alreadyAdmittedBySerial' : 'door.reason.alreadyAdmittedAt', {
            at: formatDateTime(first.at),
            by: first.byName || t('door.someone'),
          })
        : answer.admittedHereAt
          ? t('door.reason.alreadyAdmittedHere', { at: formatDateTime(answer.admittedHereAt) })
          : t('door.reason.alreadyAdmitted')
      : t(`door.reason.${answer.result}`);
  return (
    <div className={`door-answer ${tone}`} role="status" aria-live="assertive" data-result={answer.result}>
      <p className="door-verdict">{t(`door.result.${answer.result}`)}</p>
      <p className="door-reason">{reason}</p>
      {(answer.serial || answer.ticketTypeName || answer.holderName) && (
        <dl className="door-ticket">
          {answer.serial && (
            <div>
              <dt>{t('door.ticket.serial')}</dt>
              <dd>{answer.serial}</dd>
            </div>
          )}
          {answer.ticketTypeName && (
            <div>
              <dt>{t('door.ticket.type')}</dt>
              <dd>{answer.ticketTypeName}</dd>
            </div>
          )}
          <div>
            <dt>{t('door.ticket.holder')}</dt>
            <dd>{answer.holderName ?? t('door.ticket.holderOffline')}</dd>
          </div>
        </dl>
      )}
      {answer.offline && <p className="door-offline-note">{t('door.answer.decidedHere')}</p>}
    </div>
  );
}
