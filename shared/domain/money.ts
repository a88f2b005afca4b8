/**
 * Money is computed in integer cents (03-decisions §6): 0.1 + 0.2 must be 0.30. Inputs have at most two
 * decimals (the schemas enforce it); outputs are numbers with at most two decimals.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** Σ quantity × unit amount, exactly. */
export function sumProducts(lines: { quantity: number; unit: number }[]): number {
  return fromCents(lines.reduce((sum, l) => sum + l.quantity * toCents(l.unit), 0));
}

export const addMoney = (...amounts: number[]): number => fromCents(amounts.reduce((sum, a) => sum + toCents(a), 0));
