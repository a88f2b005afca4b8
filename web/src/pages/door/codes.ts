/**
 * A ticket's code as the door reads it (docs/decisions/tickets.md, "Codes"), and its signature checked on the
 * phone with WebCrypto Ed25519 against the door kit's public keys: `T1~{keyId}~{showtimeId}~{serial}~{typeId}~{sig}`.
 * The signature covers the organization and event too, which the kit names, so a code of another organization or
 * event fails here exactly as it fails on the server.
 */
export interface ParsedCode {
  keyId: string;
  showtimeId: string;
  serial: string;
  ticketTypeId: string;
  signature: string;
}

const SERIAL = /^[A-Z]-\d{4}$/;

export function parseCode(text: string): ParsedCode | undefined {
  if (text.length > 400) return undefined;
  const parts = text.split('~');
  if (parts.length !== 6 || parts[0] !== 'T1') return undefined;
  const [, keyId, showtimeId, serial, ticketTypeId, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(keyId) || !showtimeId || !ticketTypeId) return undefined;
  if (!SERIAL.test(serial) || serial.endsWith('0000') || !/^[A-Za-z0-9_-]{86}$/.test(signature)) return undefined;
  return { keyId, showtimeId, serial, ticketTypeId, signature };
}

/**
 * A serial as typed from a damaged print: `a42`, `A 42`, `A-0042` all read `A-0042`; undefined for anything else.
 */
export function normalizeSerial(typed: string): string | undefined {
  const match = /^([A-Za-z])\s*-?\s*(\d{1,4})$/.exec(typed.trim());
  if (!match || Number(match[2]) === 0) return undefined;
  return `${match[1]!.toUpperCase()}-${match[2]!.padStart(4, '0')}`;
}

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const fromBase64Url = (text: string) =>
  bytes(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4));

/** What the phone can say about a signature: genuine, not (forged, another organization or event), or it cannot check. */
export type SignatureCheck = 'genuine' | 'forged' | 'unsupported';

const imported = new Map<string, Promise<CryptoKey>>();

function publicKey(keyId: string, spkiBase64: string): Promise<CryptoKey> {
  const cacheKey = `${keyId}:${spkiBase64}`;
  let key = imported.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey('spki', bytes(spkiBase64), { name: 'Ed25519' }, false, ['verify']);
    imported.set(cacheKey, key);
    key.catch(() => imported.delete(cacheKey));
  }
  return key;
}

export async function checkSignature(
  code: ParsedCode,
  kit: { organizationId: string; eventId: string; publicKeys: Record<string, string> },
): Promise<SignatureCheck> {
  const spki = kit.publicKeys[code.keyId];
  if (!spki) return 'forged';
  if (typeof crypto === 'undefined' || !crypto.subtle) return 'unsupported';
  let key: CryptoKey;
  try {
    key = await publicKey(code.keyId, spki);
  } catch {
    // A browser without Ed25519 in WebCrypto (NotSupportedError): the server checks it when the scan is sent.
    return 'unsupported';
  }
  const signed = ['ticket-v1', kit.organizationId, kit.eventId, code.showtimeId, code.serial, code.ticketTypeId].join(
    '\n',
  );
  try {
    const ok = await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      fromBase64Url(code.signature),
      new TextEncoder().encode(signed),
    );
    return ok ? 'genuine' : 'forged';
  } catch {
    return 'unsupported';
  }
}
