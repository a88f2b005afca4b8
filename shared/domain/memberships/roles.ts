import { ROLES, type Role } from './model';

/** `X+`: role X or any later role in member < ticketManager < treasurer < admin. */
export function roleAtLeast(role: Role | undefined, minimum: Role): boolean {
  if (!role) return false;
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}
