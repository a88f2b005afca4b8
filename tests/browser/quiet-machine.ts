import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export type CpuTimes = { idle: number; total: number };

/** The CPU's idle and total time so far, from the text of Linux's /proc/stat (its first line: all cores together). */
export function parseCpuTimes(stat: string): CpuTimes {
  const fields = stat.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: waiting on the disk is not idle (writeback is load too).
  return { idle: fields[3]!, total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0) };
}

/** The share of the time between two readings that the CPU was idle (1 when no time passed). */
export function idleShareBetween(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? (after.idle - before.idle) / total : 1;
}

const cpuTimes = () => parseCpuTimes(readFileSync('/proc/stat', 'utf8'));

/** The share of the CPU left idle over the next `ms` milliseconds (1 where /proc/stat does not exist). */
async function idleShare(ms: number): Promise<number> {
  if (!existsSync('/proc/stat')) return 1;
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return idleShareBetween(before, cpuTimes());
}

/**
 * Waits, at most `limitMs`, until the machine is quiet: the disk's pending writes flushed (`sync`; a fresh `npm ci`
 * leaves hundreds of megabytes of them) and the CPU at least `share` idle over one second. A timing audit run while
 * something else works measures that work. Returns how long it waited and the last idle share, which the caller prints.
 */
export async function waitForQuietMachine(
  limitMs = 60_000,
  share = 0.9,
): Promise<{ waitedMs: number; idle: number; quiet: boolean }> {
  const started = Date.now();
  try {
    execFileSync('sync', { stdio: 'ignore', timeout: limitMs });
  } catch {
    /* no sync here (not Linux), or it took too long: the idle check below still applies */
  }
  let idle = await idleShare(1000);
  while (idle < share && Date.now() - started < limitMs) idle = await idleShare(1000);
  return { waitedMs: Date.now() - started, idle, quiet: idle >= share };
}
