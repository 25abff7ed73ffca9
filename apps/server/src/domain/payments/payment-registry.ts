import type { PaymentKind, PaymentMethodId } from '@kippu/contract';
import type { PaymentProvider, PublicPaymentFields, PublicSite } from './payment-provider.ts';

/**
 * The providers by method id (ADR 017, 059). Checkout, confirmations and the reconciliation ask this and
 * nothing else: they never name a gateway. It is built by the payment families' one loop
 * (apps/server/src/payments/families.ts) from what each family declares, so this layer knows no gateway.
 */
export interface PaymentRegistry {
  /** The method's provider; undefined when no family serves it or its gateway is not configured. */
  providerFor(method: PaymentMethodId): PaymentProvider | undefined;
  /** The method's kind, from its contract entry as its family declares it (PAYMENT_METHOD_KINDS). */
  kindOf(method: PaymentMethodId): PaymentKind | undefined;
  /** What the payment screen needs to show a method (token script, shop id, test mode); {} for most. */
  publicFields(method: PaymentMethodId, site: PublicSite): PublicPaymentFields;
}
