import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSettings } from './format';

/**
 * The showtime and ticket type rows of an event form, shared by the admin's event form and the Shared Event
 * creation form: one place for the labels, the add and remove buttons and the conversions to the API's shapes
 * (decimal money, ISO instants; docs/api.md). The words are the catalog's (eventRows); a form may name its rows
 * ("Shared showtime") with a `prefix` from its own catalog, else they are "Showtime" and "Ticket type".
 */
export type ShowtimeRow = { showtimeId?: string; dateTime: string; label: string };
export type TicketTypeRow = {
  id?: string;
  name: string;
  price: string;
  fee: string;
  boxofficePrice: string;
  boxofficeFee: string;
};

export const EMPTY_SHOWTIME: ShowtimeRow = { dateTime: '', label: '' };
export const EMPTY_TICKET_TYPE: TicketTypeRow = { name: '', price: '', fee: '0', boxofficePrice: '', boxofficeFee: '' };

/** `datetime-local` works in local time; the API wants ISO instants. */
export const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const toIso = (local: string) => new Date(local).toISOString();
const money = (s: string) => (s.trim() === '' ? undefined : Math.round(Number(s) * 100) / 100);

export const showtimesBody = (rows: ShowtimeRow[]) =>
  rows.map((s) => ({
    ...(s.showtimeId ? { showtimeId: s.showtimeId } : {}),
    dateTime: toIso(s.dateTime),
    ...(s.label.trim() ? { label: s.label.trim() } : {}),
  }));

/** Fees only where the form asks for them: a form without fee fields sends none (the API's defaults apply). */
export const ticketTypesBody = (rows: TicketTypeRow[], withFees: boolean) =>
  rows.map((t, i) => {
    const optional = (value: string) => (withFees ? money(value) : undefined);
    const boxofficePrice = optional(t.boxofficePrice);
    const boxofficeFee = optional(t.boxofficeFee);
    return {
      ...(t.id ? { id: t.id } : {}),
      name: t.name.trim(),
      price: money(t.price) ?? 0,
      ...(withFees ? { fee: money(t.fee) ?? 0 } : {}),
      ...(boxofficePrice !== undefined ? { boxofficePrice } : {}),
      ...(boxofficeFee !== undefined ? { boxofficeFee } : {}),
      sortOrder: i + 1,
    };
  });

/** A list of rows with change, add and remove. */
export function useRows<T>(initial: T[]) {
  const [rows, setRows] = useState(initial);
  return {
    rows,
    change: (i: number, patch: Partial<T>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r))),
    add: (row: T) => setRows((all) => [...all, row]),
    remove: (i: number) => setRows((all) => all.filter((_, j) => j !== i)),
  };
}
type Rows<T> = ReturnType<typeof useRows<T>>;

/** A row's remove button, offered while more than one row is left (the API wants at least one). */
function RemoveRow({ row, count, onRemove }: { row: RowName; count: number; onRemove: () => void }) {
  const { t } = useTranslation();
  if (count < 2) return null;
  return (
    <button type="button" className="secondary" onClick={onRemove}>
      {t('eventRows.remove', row)}
    </button>
  );
}

/**
 * A row's name for its labels: the prefix and the row's number, and the prefix in lower case for the middle of a
 * sentence (English and Finnish write "remove showtime 1"; German keeps the noun's capital).
 */
type RowName = { prefix: string; prefixLower: string; n: number };
const rowName = (prefix: string, i: number): RowName => ({
  prefix,
  prefixLower: prefix.toLocaleLowerCase(),
  n: i + 1,
});

/** Showtimes: "{prefix} N date and time" and "{prefix} N label" (`labelMax`: the API's limit for the label). */
export function ShowtimeRows({
  list,
  prefix,
  labelMax,
}: {
  list: Rows<ShowtimeRow>;
  /** The rows' name in the person's language; "Showtime" when not given. */
  prefix?: string;
  labelMax: number;
}) {
  const { t } = useTranslation();
  const name = prefix ?? t('eventRows.showtime');
  return (
    <fieldset>
      <legend>{t('eventRows.showtimes')}</legend>
      {list.rows.map((s, i) => (
        <div className="fields" key={i}>
          <label>
            {t('eventRows.dateTime', rowName(name, i))}
            <input
              required
              type="datetime-local"
              value={s.dateTime}
              onChange={(e) => list.change(i, { dateTime: e.target.value })}
            />
          </label>
          <label>
            {t('eventRows.label', rowName(name, i))}
            <input maxLength={labelMax} value={s.label} onChange={(e) => list.change(i, { label: e.target.value })} />
          </label>
          <RemoveRow row={rowName(name, i)} count={list.rows.length} onRemove={() => list.remove(i)} />
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => list.add(EMPTY_SHOWTIME)}>
        {t('eventRows.addShowtime')}
      </button>
    </fieldset>
  );
}

/** Ticket types: name and price, and with `withFees` the fee and the optional box-office price and fee. */
export function TicketTypeRows({
  list,
  prefix,
  nameMax,
  withFees,
}: {
  list: Rows<TicketTypeRow>;
  /** The rows' name in the person's language; "Ticket type" when not given. */
  prefix?: string;
  nameMax: number;
  withFees: boolean;
}) {
  const { t } = useTranslation();
  const name = prefix ?? t('eventRows.ticketType');
  // Amounts are decimal units of the organization's currency, which each money label names ("… price (EUR)").
  const { currency } = formatSettings();
  return (
    <fieldset>
      <legend>{t('eventRows.ticketTypes')}</legend>
      {list.rows.map((type, i) => (
        <div className="fields" key={i}>
          <label>
            {t('eventRows.name', rowName(name, i))}
            <input
              required
              maxLength={nameMax}
              value={type.name}
              onChange={(e) => list.change(i, { name: e.target.value })}
            />
          </label>
          <MoneyField
            label={t('eventRows.price', { ...rowName(name, i), currency })}
            required
            value={type.price}
            onChange={(price) => list.change(i, { price })}
          />
          {withFees && (
            <>
              <MoneyField
                label={t('eventRows.fee', { ...rowName(name, i), currency })}
                value={type.fee}
                onChange={(fee) => list.change(i, { fee })}
              />
              <MoneyField
                label={t('eventRows.boxofficePrice', { currency })}
                value={type.boxofficePrice}
                onChange={(boxofficePrice) => list.change(i, { boxofficePrice })}
              />
              <MoneyField
                label={t('eventRows.boxofficeFee', { currency })}
                value={type.boxofficeFee}
                onChange={(boxofficeFee) => list.change(i, { boxofficeFee })}
              />
            </>
          )}
          <RemoveRow row={rowName(name, i)} count={list.rows.length} onRemove={() => list.remove(i)} />
        </div>
      ))}
      <button type="button" className="secondary" onClick={() => list.add(EMPTY_TICKET_TYPE)}>
        {t('eventRows.addTicketType')}
      </button>
    </fieldset>
  );
}

/** A decimal amount in the currency (the API takes decimal amounts; docs/api.md, money). */
function MoneyField(props: { label: string; value: string; required?: boolean; onChange: (value: string) => void }) {
  return (
    <label>
      {props.label}
      <input
        required={props.required}
        type="number"
        min={0}
        step="0.01"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

type Field = { value: string; set: (value: string) => void };

/** Name, date and location: the first fields of both event forms (same labels, same inputs). */
export function EventBasics({
  name,
  date,
  location,
  nameMax,
}: {
  name: Field;
  date: Field;
  location: Field;
  nameMax: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('eventRows.eventName')}
        <input required maxLength={nameMax} value={name.value} onChange={(e) => name.set(e.target.value)} />
      </label>
      <label>
        {t('eventRows.date')}
        <input required type="datetime-local" value={date.value} onChange={(e) => date.set(e.target.value)} />
      </label>
      <label>
        {t('eventRows.location')}
        <input maxLength={255} value={location.value} onChange={(e) => location.set(e.target.value)} />
      </label>
    </>
  );
}
