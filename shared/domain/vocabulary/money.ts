/**
 * Money is computed in integer cents (docs/decisions/orders.md): 0.1 + 0.2 must be 0.30. Inputs have at most two
 * decimals (the schemas enforce it); outputs are numbers with at most two decimals.
 */
export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => Math.round(cents) / 100;

/** Quantity, amount (Σ quantity × unit price) and fees (Σ quantity × fee) of priced lines, exactly. */
export function lineTotals(lines: { quantity: number; unitPrice: number; fee: number }[]) {
  let quantity = 0;
  let amount = 0;
  let fees = 0;
  for (const line of lines) {
    quantity += line.quantity;
    amount += line.quantity * toCents(line.unitPrice);
    fees += line.quantity * toCents(line.fee);
  }
  return { quantity, amount: fromCents(amount), fees: fromCents(fees) };
}
