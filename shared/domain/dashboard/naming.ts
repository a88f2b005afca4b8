/**
 * A value recorded on sales documents at some instant (a member's or partner's display name, a removed ticket
 * type's name and price): the dashboard shows the latest one, so a rename shows once the next sale carries it.
 */
export interface Named<T = string> {
  value: T;
  at: string;
}

/** The later of two recordings; on the same instant the smaller value, so the answer never depends on page order. */
export function byLatest<T extends string | number>(current: Named<T> | undefined, next: Named<T>): Named<T> {
  if (!current) return next;
  if (next.at > current.at) return next;
  if (next.at === current.at && next.value < current.value) return next;
  return current;
}

/** Code-unit order: the same on every machine and locale. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
