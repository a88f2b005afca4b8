import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { config } from '../../config';

/**
 * The ticket signing keys (docs/decisions/tickets.md, "Keys and rotation"): one Ed25519 private key signs every
 * new code under its key id; the public keys of earlier ids stay accepted while codes signed with them are in
 * people's hands. Unset locally, a key is made for this process, like the JWT secret: codes then verify only
 * until the process restarts (`npm run setup:local` writes a lasting one into local.settings.json).
 */
export interface TicketKeys {
  keyId: string;
  privateKey: KeyObject;
  /** key id → public key: the current one and every earlier one still accepted. */
  publicKeys: Map<string, KeyObject>;
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

let processKey: KeyObject | undefined;
let cached: { source: string; keys: TicketKeys } | undefined;

/** A PKCS#8 key as PEM, or its DER bytes in base64. */
function parsePrivate(text: string): KeyObject {
  const trimmed = text.trim();
  return trimmed.startsWith('-----')
    ? createPrivateKey(trimmed)
    : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
}

const parsePublic = (base64: string) =>
  createPublicKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'spki' });

export function ticketKeys(): TicketKeys {
  const { ticketSigningKey, ticketSigningKeyId, ticketVerifyKeys } = config();
  const source = `${ticketSigningKey ?? ''}|${ticketSigningKeyId}|${ticketVerifyKeys.join(',')}`;
  if (cached?.source === source) return cached.keys;
  if (!KEY_ID_PATTERN.test(ticketSigningKeyId))
    throw new Error('TICKET_SIGNING_KEY_ID must be 1-16 of A-Z a-z 0-9 _ -');
  const privateKey = ticketSigningKey
    ? parsePrivate(ticketSigningKey)
    : (processKey ??= generateKeyPairSync('ed25519').privateKey);
  const publicKeys = new Map<string, KeyObject>();
  for (const entry of ticketVerifyKeys) {
    const [keyId, base64] = entry.split('=', 2) as [string, string | undefined];
    if (base64 && KEY_ID_PATTERN.test(keyId)) publicKeys.set(keyId, parsePublic(base64));
  }
  publicKeys.set(ticketSigningKeyId, createPublicKey(privateKey));
  cached = { source, keys: { keyId: ticketSigningKeyId, privateKey, publicKeys } };
  return cached.keys;
}

/** The public keys as a door kit carries them: key id → base64 SPKI DER. */
export function publicKeysForDoor(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [keyId, key] of ticketKeys().publicKeys) {
    out[keyId] = key.export({ format: 'der', type: 'spki' }).toString('base64');
  }
  return out;
}

/** A fresh key pair as the settings hold it (setup:local, and the rotation steps of docs/decisions/tickets.md). */
export function newTicketKeySetting(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}
