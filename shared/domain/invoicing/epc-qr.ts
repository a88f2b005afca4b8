import type * as IbanTools from 'ibantools';
import { isValidCreditorReference } from './creditor-reference';

// Loaded on first use, not at import: ibantools was the largest file of the invoicing module's import, which a cold
// instance pays before its first answer (docs/performance.md "Cold start").
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ibantools = () => require('ibantools') as typeof IbanTools;

/**
 * The European Payments Council's SEPA credit-transfer QR payload ("EPC QR", EPC069-12, version 002): the lines a
 * banking app reads to prefill a transfer. Only euro amounts can be paid this way.
 */
export interface EpcTransfer {
  name: string;
  iban: string;
  bic?: string;
  /** Integer cents, 1 to 99 999 999 999. */
  amountCents: number;
  /** ISO 11649 creditor reference (structured remittance). */
  reference: string;
}

export const EPC_CURRENCY = 'EUR';
const NAME_MAX = 70;
const PAYLOAD_MAX_BYTES = 331;

/** `EUR12.30`: the amount line of the payload (always two decimals, a dot, no grouping). */
export const epcAmount = (cents: number) =>
  `${EPC_CURRENCY}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/**
 * The payload, or undefined when no QR can be made: a currency other than the euro, no or an invalid IBAN, nothing
 * to pay (the format allows 0.01 at least). The name is cut to the format's 70 characters.
 */
export function epcPayload(transfer: EpcTransfer, currency: string): string | undefined {
  if (currency !== EPC_CURRENCY) return undefined;
  const iban = ibantools().electronicFormatIBAN(transfer.iban) ?? '';
  if (!ibantools().isValidIBAN(iban)) return undefined;
  if (!Number.isInteger(transfer.amountCents) || transfer.amountCents < 1 || transfer.amountCents > 99_999_999_999)
    return undefined;
  if (!isValidCreditorReference(transfer.reference)) return undefined;
  const bic = transfer.bic && ibantools().isValidBIC(transfer.bic) ? transfer.bic.toUpperCase() : '';
  const lines = [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    bic,
    [...transfer.name.replace(/[\r\n]+/g, ' ').trim()].slice(0, NAME_MAX).join(''),
    iban,
    epcAmount(transfer.amountCents),
    '', // purpose code: none
    transfer.reference,
    '', // unstructured remittance: never beside a structured one
  ];
  const payload = lines.join('\n');
  return Buffer.byteLength(payload, 'utf8') <= PAYLOAD_MAX_BYTES ? payload : undefined;
}

export interface ParsedEpc {
  version: string;
  bic: string;
  name: string;
  iban: string;
  currency: string;
  amountCents: number;
  reference: string;
}

/** Reads a payload back (the tests decode the printed QR with it); throws on anything the format does not allow. */
export function parseEpcPayload(payload: string): ParsedEpc {
  const lines = payload.split('\n');
  const [service, version, charset, identification, bic, name, iban, amount, , reference, unstructured] = lines;
  if (service !== 'BCD' || version !== '002' || charset !== '1' || identification !== 'SCT')
    throw new Error('Not an EPC SCT payload, version 002, UTF-8');
  if (!name || name.length > NAME_MAX) throw new Error('Beneficiary name missing or too long');
  if (!ibantools().isValidIBAN(iban ?? '')) throw new Error('Invalid IBAN');
  if (bic && !ibantools().isValidBIC(bic)) throw new Error('Invalid BIC');
  const match = /^([A-Z]{3})(\d{1,9})\.(\d{2})$/.exec(amount ?? '');
  if (!match) throw new Error('Invalid amount');
  if (!isValidCreditorReference(reference ?? '')) throw new Error('Invalid creditor reference');
  if (unstructured) throw new Error('Structured and unstructured remittance together');
  return {
    version,
    bic: bic ?? '',
    name,
    iban,
    currency: match[1],
    amountCents: Number(match[2]) * 100 + Number(match[3]),
    reference,
  };
}
