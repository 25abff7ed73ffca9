import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { GatewayUnavailableError } from '../../domain/payments/payment-provider.ts';

/**
 * Which Stripe account a secret key opens, as stored with each payment (`payments.provider_account`, ADR 127):
 * the account's id (`acct_…`), which stays the same when the venue rolls its keys, asked once per key
 * (GET /v1/account; the directory keeps the answer for the process). A restricted key that may not read its
 * account (403) is named by a fingerprint of the key instead (`key_` and 32 hex digits of its SHA-256: never
 * the key, and nothing that leads back to it), which holds until that key is rolled. Null: Stripe refuses the
 * key itself (revoked, mistyped), so it opens no account. No answer (network, Stripe's 5xx) throws
 * GatewayUnavailableError: unknown is not "no account".
 */
export async function stripeAccountIdentity(client: Stripe, secretKey: string): Promise<string | null> {
  try {
    return (await client.accounts.retrieveCurrent()).id;
  } catch (error) {
    if (error instanceof Stripe.errors.StripePermissionError) return stripeKeyFingerprint(secretKey);
    if (error instanceof Stripe.errors.StripeAuthenticationError) return null;
    throw new GatewayUnavailableError(`Stripe GET /v1/account: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** A restricted key's stand-in for its account's id (above). */
export function stripeKeyFingerprint(secretKey: string): string {
  return `key_${createHash('sha256').update(secretKey).digest('hex').slice(0, 32)}`;
}
