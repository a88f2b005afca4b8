import { useTranslation } from 'react-i18next';
import type { Showtime, TicketLine, TicketType } from '../api/types';
import { formatMoney, showtimeName } from './format';

/** One number field per ticket type; `values` maps ticketTypeId → quantity as typed. */
export function TicketInputs({
  types,
  values,
  onChange,
  legend,
  max,
  priced = true,
}: {
  types: Pick<TicketType, 'id' | 'name' | 'price'>[];
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  legend: string;
  max?: Record<string, number>;
  priced?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="tickets">
      <legend>{legend}</legend>
      {types.map((type) => (
        <label key={type.id}>
          <span>
            {type.name}
            {priced && <span className="meta"> ({formatMoney(type.price)})</span>}
            {max?.[type.id] !== undefined && (
              <span className="meta"> — {t('ticketFields.upTo', { count: max[type.id] })}</span>
            )}
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={max?.[type.id]}
            step={1}
            value={values[type.id] ?? ''}
            onChange={(e) => onChange({ ...values, [type.id]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}

/** The lines with a positive whole quantity. */
export function linesOf(values: Record<string, string>): TicketLine[] {
  return Object.entries(values)
    .map(([ticketTypeId, raw]) => ({ ticketTypeId, quantity: Number(raw) }))
    .filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
}

export function ShowtimeSelect({
  showtimes,
  value,
  onChange,
  label,
}: {
  showtimes: Pick<Showtime, 'showtimeId' | 'dateTime' | 'label'>[];
  value: string;
  onChange: (showtimeId: string) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {label ?? t('ticketFields.showtime')}
      <select value={value} onChange={(e) => onChange(e.target.value)} required>
        {showtimes.map((s) => (
          <option key={s.showtimeId} value={s.showtimeId}>
            {showtimeName(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
