/**
 * The right-most X-Forwarded-For entry: the one the platform's front end appended. Entries to its left come
 * from the client and would let anyone pick their own address (and so dodge per-IP rate limits).
 */
export function lastForwarded(header: string | undefined): string {
  const entries = (header ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  return entries[entries.length - 1] ?? '';
}

/** Azure appends the client port to x-forwarded-for ("1.2.3.4:5678", "[::1]:5678"); limits are per address. */
export function clientAddress(forwarded: string): string {
  const v4 = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(forwarded);
  if (v4) return v4[1];
  const v6 = /^\[([^\]]+)\](:\d+)?$/.exec(forwarded);
  if (v6) return v6[1];
  return forwarded || 'unknown';
}
