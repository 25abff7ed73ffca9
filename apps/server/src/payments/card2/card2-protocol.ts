import { z } from 'zod';
import { GatewayUnavailableError } from '../../domain/payments/payment-provider.ts';
import type { CardProcessorSite } from './card2-config.ts';

/**
 * The second/third card processor's server protocol (ADR 101): JSON both ways, the shape of Midtrans's and
 * SBPS's token APIs. The charge goes to the site's post URL; status, capture (after a passed 3-D Secure
 * challenge) and refund to `${postUrl}/status`, `/capture`, `/refund`. A real processor authenticates the
 * merchant's server by HTTP Basic (merchant id, server key from site_secrets `card2_server_key`).
 */
export type Card2Call = 'charge' | 'status' | 'capture' | 'refund';

const statusValue = z.enum([
  'authenticating',
  'authenticated',
  'captured',
  'declined',
  'refunded',
  'not_found',
]);
export const card2Answers = {
  charge: z.discriminatedUnion('status', [
    z.object({ status: z.literal('captured'), transaction_id: z.string(), masked_card_no: z.string() }),
    z.object({ status: z.literal('challenge'), transaction_id: z.string(), redirect_url: z.string() }),
    z.object({ status: z.literal('declined'), transaction_id: z.string().nullable(), code: z.string() }),
  ]),
  status: z.object({
    status: statusValue,
    transaction_id: z.string().nullable(),
    amount: z.number(),
    refunded_amount: z.number(),
    code: z.string().nullable(),
  }),
  refund: z.discriminatedUnion('status', [
    z.object({ status: z.literal('refunded'), refund_id: z.string(), refunded_amount: z.number() }),
    z.object({ status: z.literal('error'), code: z.string() }),
  ]),
} as const;
export type Card2StatusAnswer = z.infer<(typeof card2Answers)['status']>;

/** One call to the processor: its raw JSON answer, or GatewayUnavailableError (time-out, garbage, 5xx). */
export type Card2Transport = (
  site: CardProcessorSite & { siteCode: string },
  call: Card2Call,
  body: Record<string, unknown>,
) => Promise<unknown>;

const SUFFIX: Record<Card2Call, string> = {
  charge: '',
  status: '/status',
  capture: '/capture',
  refund: '/refund',
};

/** The processor over HTTPS. `serverKeyOf`: the merchant's server key of a site (null: not configured). */
export function httpCard2Transport(
  timeoutMs: number,
  serverKeyOf: (siteCode: string) => Promise<string | null>,
): Card2Transport {
  return async (site, call, body) => {
    const key = await serverKeyOf(site.siteCode);
    if (!key) throw new GatewayUnavailableError(`${site.processor}: no server key for ${site.siteCode}`);
    let response: Response;
    try {
      response = await fetch(`${site.postUrl}${SUFFIX[call]}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${site.merchantId}:${key}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`${site.processor} ${call}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!response.ok) throw new GatewayUnavailableError(`${site.processor} ${call}: HTTP ${response.status}`);
    return response.json();
  };
}

/** Reads an answer of `call`; anything else is the processor's trouble (the outcome is unknown). */
export function readAnswer<C extends keyof typeof card2Answers>(
  call: C,
  answer: unknown,
): z.infer<(typeof card2Answers)[C]> {
  const parsed = card2Answers[call].safeParse(answer);
  if (!parsed.success) throw new GatewayUnavailableError(`card processor ${call}: unexpected answer`);
  return parsed.data as z.infer<(typeof card2Answers)[C]>;
}
