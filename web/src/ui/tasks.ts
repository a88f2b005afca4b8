/**
 * Lets the browser run what waits (a tap, a paint, an answer's arrival) before the next step: the rest runs in a task
 * of its own, after `ms` milliseconds. The entry (main.tsx) and the application's start (boot.tsx) take their steps so.
 */
export const nextTask = (ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms));
