/**
 * Fault injection for tests: inert unless a test installs a rule. A rule sees every store call before it
 * is sent (each retry of a throttled call is seen again) and may make it fail as a dependency failure would.
 */
export interface StoreOperation {
  kind: 'read' | 'create' | 'replace' | 'upsert' | 'patch' | 'delete' | 'query' | 'batch';
  container: string;
  id?: string;
  partitionKey?: string;
}

/**
 * true fails the call as unavailable (503); a number fails it with that status instead (500: an unexpected
 * failure, so a test can tell two injected failures apart); `{ status: 429, retryAfterMs }` throttles it the way
 * Cosmos DB does (the store's `x-ms-retry-after-ms` as the SDK exposes it, `retryAfterInMs`); `{ timeoutMs }`
 * holds the call that long, then fails it as timed out (408) without sending it; `{ lostAnswer: status }` sends the
 * call (it takes effect) and then fails it with that status, as a timeout after the store committed a write would
 * (the ambiguous failure). A promise holds the call until settled.
 */
export type FaultVerdict =
  boolean | number | { status: number; retryAfterMs?: number } | { timeoutMs: number } | { lostAnswer: number };
export type FaultRule = (op: StoreOperation) => FaultVerdict | Promise<FaultVerdict>;

let rule: FaultRule | undefined;

export function injectStoreFault(next: FaultRule | undefined): void {
  rule = next;
}

export class InjectedStoreFault extends Error {
  constructor(
    op: StoreOperation,
    readonly code = 503,
    readonly retryAfterInMs?: number,
  ) {
    super(`Injected store fault ${code} on ${op.kind} ${op.container}${op.id ? `/${op.id}` : ''}`);
    this.name = 'InjectedStoreFault';
  }
}

/** Fails the call before it is sent, or answers the status to fail it with after it was sent (`lostAnswer`). */
export async function checkFault(op: StoreOperation): Promise<number | undefined> {
  if (!rule) return undefined;
  const given = rule(op);
  const verdict = typeof (given as Promise<FaultVerdict>)?.then === 'function' ? await given : (given as FaultVerdict);
  if (verdict === true) throw new InjectedStoreFault(op);
  if (typeof verdict === 'number') throw new InjectedStoreFault(op, verdict);
  if (typeof verdict !== 'object') return undefined;
  if ('lostAnswer' in verdict) return verdict.lostAnswer;
  if ('timeoutMs' in verdict) {
    await new Promise((resolve) => setTimeout(resolve, verdict.timeoutMs));
    throw new InjectedStoreFault(op, 408);
  }
  throw new InjectedStoreFault(op, verdict.status, verdict.retryAfterMs);
}
