/** The payment form's values; the card ones never leave the browser except to the gateway's script. */
export type PaymentValues = {
  method: string;
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  securityCode: string;
  cardName: string;
  /** The spot payment asks for the ticket's e-mail address on the same form (ADR 031). */
  email?: string;
};

/** A form's card fields as they start: empty (a return from confirm enters the card again). */
export const EMPTY_CARD = {
  cardNumber: '',
  expiryMonth: '',
  expiryYear: '',
  securityCode: '',
  cardName: '',
} satisfies Omit<PaymentValues, 'method' | 'email'>;
