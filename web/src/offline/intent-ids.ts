/**
 * An id for one intent that lives in the request body (a transfer's `transferRequestId`), kept on the device
 * until the intent is answered: the same content after a lost answer or a reload gets the same id, so the body,
 * and with it the outbox entry and its Idempotency-Key, are the same too (docs/decisions/web-client-offline.md).
 */
const PREFIX = 'tickets.intent.';

export function rememberedId(content: string): string {
  const slot = PREFIX + content;
  const known = localStorage.getItem(slot);
  if (known) return known;
  const id = crypto.randomUUID();
  localStorage.setItem(slot, id);
  return id;
}

export function forgetId(content: string) {
  localStorage.removeItem(PREFIX + content);
}
