import { PRODUCT_TYPES, type ProductType } from '@kippu/contract/enums';

/**
 * The completion data (spec §3 core state `completeData`), stored per site in sessionStorage so the
 * complete page survives a reload. Written when a purchase is reserved; the order itself is gone by then.
 */
export type CompleteData = {
  reservationNumber: string;
  reservationToken: string;
  /** Where the confirmation mail went, as the visitor entered it. */
  email: string | null;
  productName: string;
  productType: ProductType;
  startsAt: string;
  endsAt: string;
  ticketCount: number;
  /** What was paid, after the discount. */
  totalPrice: number;
  discount: number;
};

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The stored completion data, or null when there is none or it does not have this shape. */
export function readCompleteData(stored: Record<string, unknown> | null): CompleteData | null {
  if (!stored) return null;
  const { reservationNumber, reservationToken, email, productName, productType, startsAt, endsAt } = stored;
  const { ticketCount, totalPrice, discount } = stored;
  const valid =
    isText(reservationNumber) &&
    isText(reservationToken) &&
    (email === null || isText(email)) &&
    isText(productName) &&
    (PRODUCT_TYPES as readonly unknown[]).includes(productType) &&
    isText(startsAt) &&
    isText(endsAt) &&
    isCount(ticketCount) &&
    isCount(totalPrice) &&
    isCount(discount);
  return valid ? (stored as CompleteData) : null;
}
