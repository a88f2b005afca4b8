/**
 * Fault injection for tests: inert unless a test installs a rule. A rule sees every store call before it
 * is sent and may make it fail as a dependency failure would (HTTP 503 from the store).
 */
export interface StoreOperation {
  kind: 'read' | 'create' | 'replace' | 'upsert' | 'patch' | 'delete' | 'query' | 'batch';
  container: string;
  id?: string;
  partitionKey?: string;
}

/**
 * true fails the call as unavailable (503); a number fails it with that status instead (500: an unexpected
 * failure, so a test can tell two injected failures apart); a promise holds the call until settled.
 */
export type FaultVerdict = boolean | number;
export type FaultRule = (op: StoreOperation) => FaultVerdict | Promise<FaultVerdict>;

let rule: FaultRule | undefined;

export function injectStoreFault(next: FaultRule | undefined): void {
  rule = next;
}

export class InjectedStoreFault extends Error {
  constructor(
    op: StoreOperation,
    readonly code = 503,
  ) {
    super(`Injected store fault on ${op.kind} ${op.container}${op.id ? `/${op.id}` : ''}`);
    this.name = 'InjectedStoreFault';
  }
}

export async function checkFault(op: StoreOperation): Promise<void> {
  if (!rule) return;
  const given = rule(op);
  const verdict = typeof given === 'object' ? await given : given;
  if (verdict === true) throw new InjectedStoreFault(op);
  if (typeof verdict === 'number') throw new InjectedStoreFault(op, verdict);
}
