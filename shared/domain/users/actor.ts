import type { Principal } from './principal';

/** Who did it and when, as every recorded change stores it: stable id, display name, time. */
export function actorOf(principal: Principal) {
  return { id: principal.userId, name: principal.user?.name ?? '', at: new Date().toISOString() };
}

export type Actor = ReturnType<typeof actorOf>;
