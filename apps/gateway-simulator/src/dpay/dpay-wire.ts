/**
 * The carrier's server calls for d払い as the simulated carrier answers them in process (ADR 028): the
 * shape of the server's d払い transport, written on the simulator's side (it imports nothing of the
 * server, ADR 060); TypeScript checks the two agree where the server plugs the simulator in.
 */
export type DpayPaymentStatus = 'created' | 'paid' | 'declined' | 'canceled' | 'refunded' | 'not_found';

export interface DpayPaymentToken {
  s_terkn: string;
  s_spcd: string;
  s_cptok: string;
  request_url: string;
}

export interface DpayTransport {
  token(input: { code: string; redirectUri: string }): Promise<{ accessToken: string } | { error: string }>;
  paymentToken(input: {
    accessToken: string;
    orderRef: string;
    amount: number;
    returnUrl: string;
  }): Promise<DpayPaymentToken | { error: string }>;
  status(orderRef: string): Promise<DpayPaymentStatus>;
  /** Gives `amount` back (all that is left or a part); the same refund id twice gives back once (ADR 077). */
  refund(
    orderRef: string,
    request: { amount: number; refundId: string },
  ): Promise<{ ok: true; refundId: string } | { ok: false; code: string }>;
}
