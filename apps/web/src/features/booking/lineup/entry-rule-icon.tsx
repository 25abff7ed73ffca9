import type { Product } from '@kippu/contract/endpoints/products';

const PATHS: Record<Product['product_type'], string> = {
  // clock: a time slot
  time: 'M8 1.75a6.25 6.25 0 1 0 0 12.5 6.25 6.25 0 0 0 0-12.5zM8 4.5V8l2.5 1.5',
  // calendar: one day
  date: 'M2.5 4h11v9.5h-11zM2.5 7h11M5.5 2.5v3M10.5 2.5v3',
  // two arrows in a loop: any number of visits in the period
  period: 'M3 7a5 5 0 0 1 8.6-3.4L13 5M13 2v3h-3M13 9a5 5 0 0 1-8.6 3.4L3 11M3 14v-3h3',
};

/** A small line icon for how a product's entry works; decorative, the text beside it says the same. */
export function EntryRuleIcon({ type }: { type: Product['product_type'] }) {
  return (
    <svg
      className="product-card__entry-icon"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[type]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
