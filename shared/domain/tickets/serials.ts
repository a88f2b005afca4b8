/**
 * Serials (docs/decisions/tickets.md): a letter for each block of 9,999 numbers and four digits, `A-0001` to
 * `A-9999`, then `B-0001`: short, printable, unique per showtime (the counter of model.ts numbers them), and
 * read back without ambiguity when typed at the door. 26 letters give 259,974 tickets a showtime.
 */
const BLOCK = 9999;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const MAX_SERIAL_NUMBER = BLOCK * LETTERS.length;
export const SERIAL_PATTERN = '^[A-Z]-[0-9]{4}$';

export function formatSerial(number: number): string {
  if (!Number.isInteger(number) || number < 1 || number > MAX_SERIAL_NUMBER) {
    throw new RangeError(`serial number ${number} is out of range`);
  }
  const block = Math.floor((number - 1) / BLOCK);
  const digits = ((number - 1) % BLOCK) + 1;
  return `${LETTERS[block]}-${String(digits).padStart(4, '0')}`;
}

/** The number of a serial, or undefined for anything that is not one (`A-0000`, lower case, spaces). */
export function parseSerial(serial: string): number | undefined {
  const match = /^([A-Z])-(\d{4})$/.exec(serial);
  if (!match) return undefined;
  const digits = Number(match[2]);
  if (digits === 0) return undefined;
  return LETTERS.indexOf(match[1]!) * BLOCK + digits;
}
