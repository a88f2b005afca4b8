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

/** true fails the call; a promise holds it until settled (then fails it if the promise gives true). */
export type FaultRule = (op: StoreOperation) => boolean | Promise<boolean>;

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

export async function checkFault(op: StoreOperation): Promise<void> {
  if (!rule) return;
  const verdict = rule(op);
  if (verdict === true || (verdict !== false && (await verdict))) throw new InjectedStoreFault(op);
}
