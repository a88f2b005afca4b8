import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** Per-request bookkeeping: the correlation id of logs and the store-call budget actually spent. */
export interface RequestContext {
  correlationId: string;
  storeOps: number;
  storeRu: number;
  /** The authenticated caller, once the token has been checked (the request log names it; shared/domain/users/principal.ts). */
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(fn: () => Promise<T>, correlationId: string = randomUUID()): Promise<T> {
  return storage.run({ correlationId, storeOps: 0, storeRu: 0 }, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function recordStoreCall(requestCharge: number | undefined): void {
  const ctx = storage.getStore();
  if (!ctx) return;
  ctx.storeOps += 1;
  ctx.storeRu += Number.isFinite(requestCharge) ? Number(requestCharge) : 0;
}
