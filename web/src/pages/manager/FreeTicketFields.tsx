import { useTranslation } from 'react-i18next';
import type { ActiveEvent } from '../../api/types';
import { ShowtimeSelect } from '../../ui/TicketInputs';

export type FreeTicketValues = {
  showtimeId: string;
  ticketTypeId: string;
  quantity: string;
  recipient: string;
  reason: string;
};

/** The fields of a free ticket, as given and as changed: showtime, type, quantity, recipient, reason. */
export function FreeTicketFields({
  event,
  values,
  onChange,
}: {
  event: ActiveEvent;
  values: FreeTicketValues;
  onChange: (patch: Partial<FreeTicketValues>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ShowtimeSelect
        showtimes={event.showtimes}
        value={values.showtimeId}
        onChange={(showtimeId) => onChange({ showtimeId })}
      />
      <label>
        {t('stats.ticketType')}
        <select value={values.ticketTypeId} onChange={(e) => onChange({ ticketTypeId: e.target.value })}>
          {event.ticketTypes.map((type) => (
            <option key={type.id} value={type.id}>
              {type.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('free.quantity')}
        <input
          type="number"
          min={1}
          required
          value={values.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
        />
      </label>
      <label>
        {t('free.recipient')}
        <input
          required
          maxLength={255}
          value={values.recipient}
          onChange={(e) => onChange({ recipient: e.target.value })}
        />
      </label>
      <label>
        {t('free.reasonOptional')}
        <input maxLength={1000} value={values.reason} onChange={(e) => onChange({ reason: e.target.value })} />
      </label>
    </>
  );
}
