import type { Product } from '@kippu/contract/endpoints/products';

/**
 * The one price line a card leads with. A free ticket type (infants, companions) is listed with its
 * own "Free" row, so "from" starts at the cheapest paid ticket: "from Free" would tell a visitor
 * nothing about what an adult pays.
 */
export type PriceSummary =
  { kind: 'free' } | { kind: 'single'; amount: number } | { kind: 'from'; amount: number };

export function priceSummary(options: Product['option_values']): PriceSummary | null {
  if (options.length === 0) return null;
  const paid = options.map((option) => option.price).filter((price) => price > 0);
  if (paid.length === 0) return { kind: 'free' };
  const lowest = Math.min(...paid);
  // One paid price (an adult pass with free children) is that price, not "from" it.
  return paid.every((price) => price === lowest)
    ? { kind: 'single', amount: lowest }
    : { kind: 'from', amount: lowest };
}
