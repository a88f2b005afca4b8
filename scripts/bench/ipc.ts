import { readFileSync } from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';

/**
 * The bench's processes talk over Node's IPC channel: `{ id, type, ...fields }` in, `{ id, result | error }` out.
 * Id 0 is the child's "ready" message.
 */
type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Message = { id: number; type: string; [key: string]: unknown };

/** In a child: answer every message with `handle`, report `ready` as message 0, exit when the parent goes. */
export function serveIpc(
  handle: (message: Message) => Promise<unknown>,
  ready: unknown,
  onDisconnect: () => Promise<void>,
) {
  process.on('message', (message: Message) => {
    handle(message).then(
      (result) => process.send!({ id: message.id, result }),
      (error: unknown) =>
        process.send!({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : error }),
    );
  });
  process.on('disconnect', () => {
    onDisconnect().finally(() => process.exit(0));
  });
  process.send!({ id: 0, result: ready });
}

/** In the parent: fork `file` and return its ready message and an rpc function. */
export function forkChild(file: string, execArgv: string[], env: NodeJS.ProcessEnv) {
  const child: ChildProcess = fork(file, [], { execArgv, env, stdio: 'inherit' });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: Any) => void; reject: (e: Error) => void }>();
  const ready = new Promise<Any>((resolve, reject) => {
    pending.set(0, { resolve, reject });
    child.once('exit', (code) => {
      for (const waiter of pending.values()) waiter.reject(new Error(`${file} exited with ${code}`));
      pending.clear();
    });
  });
  child.on('message', (m: { id: number; result?: Any; error?: string }) => {
    const waiter = pending.get(m.id);
    pending.delete(m.id);
    if (m.error) waiter?.reject(new Error(m.error));
    else waiter?.resolve(m.result);
  });
  const rpc = <T = Any>(type: string, fields: Record<string, unknown> = {}): Promise<T> => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.send({ id, type, ...fields });
    });
  };
  return { child, ready, rpc };
}

/**
 * Milliseconds the main thread (the event loop) has spent runnable but waiting for a core (Linux
 * `/proc/self/schedstat`, second field, nanoseconds); undefined where the kernel does not say.
 */
function runQueueWaitMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/schedstat', 'utf8').trim().split(/\s+/);
    return Number(fields[1]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * Resident-memory peak, CPU time and run-queue wait of this process between `start` and `stop` (both answered
 * over IPC). The wait tells a process starved of a core (the machine shared) from one waiting on I/O or a lock.
 */
export function processMeter() {
  let rssPeak = 0;
  let timer: NodeJS.Timeout | undefined;
  let cpu = process.cpuUsage();
  let wall = performance.now();
  // The monotonic clock in microseconds, the one V8 stamps CPU profile samples with (profile-split.ts).
  const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
  let fromUs = monotonicUs();
  let waited = runQueueWaitMs();
  return {
    start() {
      global.gc?.();
      rssPeak = process.memoryUsage().rss;
      clearInterval(timer);
      // rss() alone: memoryUsage() also walks the heap spaces, which cost the host 1 % of its CPU at this rate.
      timer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage.rss())), 10);
      cpu = process.cpuUsage();
      wall = performance.now();
      fromUs = monotonicUs();
      waited = runQueueWaitMs();
      return rssPeak;
    },
    stop() {
      clearInterval(timer);
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      return {
        rssPeakMb: Math.max(rssPeak, process.memoryUsage.rss()) / 1024 / 1024,
        cpuMs,
        fromUs,
        toUs: monotonicUs(),
        // Share of one core used since `start` (1 = a core busy the whole time).
        cpu: cpuMs / Math.max(performance.now() - wall, 1),
        // Share of the time the event loop was ready to run but had no core.
        waiting: ((runQueueWaitMs() ?? NaN) - (waited ?? NaN)) / Math.max(performance.now() - wall, 1),
      };
    },
  };
}
