import { idleShareBetween, parseCpuTimes } from '../browser/quiet-machine';

/** The Lighthouse audit waits for a quiet machine (tests/browser/quiet-machine.ts): how it reads /proc/stat. */
describe('quiet machine: the CPU idle share from /proc/stat', () => {
  const stat = (user: number, idle: number, iowait: number) =>
    `cpu  ${user} 0 50 ${idle} ${iowait} 5 5 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 123\n`;

  it('reads the all-cores line: idle is idle alone, the total the first eight fields', () => {
    expect(parseCpuTimes(stat(100, 800, 40))).toEqual({ idle: 800, total: 100 + 50 + 800 + 40 + 5 + 5 });
  });

  it('counts waiting on the disk as load, not idle', () => {
    // 1,000 ticks pass: 900 idle, 100 waiting on the disk → 0.9 idle.
    expect(idleShareBetween(parseCpuTimes(stat(100, 800, 0)), parseCpuTimes(stat(100, 1700, 100)))).toBeCloseTo(0.9);
    // 1,000 ticks of user time: nothing idle.
    expect(idleShareBetween(parseCpuTimes(stat(100, 800, 0)), parseCpuTimes(stat(1100, 800, 0)))).toBe(0);
  });

  it('is 1 when no time has passed between the readings', () => {
    const reading = parseCpuTimes(stat(100, 800, 0));
    expect(idleShareBetween(reading, reading)).toBe(1);
  });
});
