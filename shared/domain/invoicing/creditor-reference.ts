import { createHash } from 'node:crypto';

/**
 * ISO 11649 structured creditor reference (docs/decisions/invoices-and-reminders.md "Reference"): `RF`, two check
 * digits, then a body of 1 to 21 letters and digits. The check digits make the whole reference (body first, then
 * `RF` and the digits, letters as 10..35) equal 1 mod 97, the same arithmetic as an IBAN.
 */
export const REFERENCE_BODY_MAX = 21;
const BODY = /^[0-9A-Z]{1,21}$/;

/** Letters as numbers (A=10 ... Z=35), then mod 97 in chunks so no digit string outgrows a safe integer. */
function mod97(text: string): number {
  const digits = text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** The reference for a body: check digits are 98 − (body + "RF00") mod 97. */
export function creditorReference(body: string): string {
  const normalized = body.toUpperCase();
  if (!BODY.test(normalized)) throw new Error('A creditor reference body is 1 to 21 letters and digits');
  const check = 98 - mod97(`${normalized}RF00`);
  return `RF${String(check).padStart(2, '0')}${normalized}`;
}

/** Whether a reference (spaces allowed, as printed in groups of four) is a well-formed ISO 11649 reference. */
export function isValidCreditorReference(reference: string): boolean {
  const compact = reference.replace(/\s+/g, '').toUpperCase();
  if (!/^RF[0-9]{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/** The printed form: groups of four characters, as banks print them. */
export const formatCreditorReference = (reference: string) => reference.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The reference of one member invoice: one invoice per organization, event and member, so the body is derived
 * from those three ids (SHA-256, written in base 36, 21 characters, about 108 bits: a collision is not a practical
 * concern). The same invoice always gets the same reference, so a re-issued or changed invoice keeps it and a
 * payment made against an earlier copy still matches.
 */
export function invoiceReference(organizationId: string, eventId: string, userId: string): string {
  const digest = createHash('sha256').update(`${organizationId}\n${eventId}\n${userId}`).digest();
  let value = BigInt(`0x${digest.toString('hex')}`);
  let body = '';
  while (body.length < REFERENCE_BODY_MAX) {
    body += (value % 36n).toString(36).toUpperCase();
    value /= 36n;
  }
  return creditorReference(body);
}
