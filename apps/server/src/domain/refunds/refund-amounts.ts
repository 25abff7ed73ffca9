/**
 * Each ticket's money (ADR 076): what was paid for the order, spread over ALL its tickets by their prices
 * (so each ticket's amount is its price less its pro-rata share of the order's coupon and membership
 * discounts), integer yen rounded down, the remainder on the last ticket: the amounts sum to exactly what
 * was paid. The spread is over every ticket, cancelled or not, so the amounts never change between a partial
 * refund and the next one, and two partial refunds give back what one full refund would.
 * A change of date's top-up is part of what was paid (ADR 029), so it is spread too.
 */
export function allocatePaid(prices: readonly number[], paid: number): number[] {
  if (prices.length === 0) return [];
  const gross = prices.reduce((sum, price) => sum + price, 0);
  // Tickets all free but money paid (add-ons only): spread evenly.
  const weights = gross > 0 ? prices : prices.map(() => 1);
  const total = gross > 0 ? gross : prices.length;
  const amounts = weights.map((weight) => Math.floor((weight * paid) / total));
  const spread = amounts.slice(0, -1).reduce((sum, amount) => sum + amount, 0);
  amounts[amounts.length - 1] = paid - spread;
  return amounts;
}

/**
 * Splits a refund over the payments that took the money, newest first (a change of date's top-up before the
 * original payment, ADR 029), each up to what is left of it. Answers the parts with money.
 */
export function splitOverPayments(
  amount: number,
  payments: readonly { id: number; left: number }[],
): { paymentId: number; amount: number }[] {
  const parts: { paymentId: number; amount: number }[] = [];
  let rest = amount;
  for (const payment of [...payments].sort((a, b) => b.id - a.id)) {
    if (rest <= 0) break;
    const take = Math.min(rest, Math.max(0, payment.left));
    if (take > 0) parts.push({ paymentId: payment.id, amount: take });
    rest -= take;
  }
  return parts;
}
