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

export type FaultRule = (op: StoreOperation) => boolean;

let rule: FaultRule | undefined;

export function injectStoreFault(next: FaultRule | undefined): void {
  rule = next;
}

export class InjectedStoreFault extends Error {
  readonly code = 503;
  constructor(op: StoreOperation) {
    super(`Injected store fault on ${op.kind} ${op.container}${op.id ? `/${op.id}` : ''}`);
    this.name = 'InjectedStoreFault';
  }
}

export function checkFault(op: StoreOperation): void {
  if (rule?.(op)) throw new InjectedStoreFault(op);
}
