import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { useBookingSteps } from '../steps/booking-steps.ts';
import { temporaryOrderQuery } from '../steps/temporary-order-query.ts';
import { CheckoutAction } from './checkout-action.tsx';
import { CouponForm } from './coupon-form.tsx';
import { CustomerSummary } from './customer-summary.tsx';
import { effectivePayment, savedPaymentChoice } from './payment-choice.ts';
import { PaymentSummary } from './payment-summary.tsx';
import { PriceTotals } from './price-totals.tsx';
import { SummaryPanel } from './summary-panel.tsx';
import { TicketSummary } from './ticket-summary.tsx';
import { useCheckout } from './use-checkout.ts';
import './confirm.css';

type Checkout = ReturnType<typeof useCheckout>;
const RETURN = { ref: 'c' };

/** Shown instead of the order when there is none to confirm (a fresh tab, or a finished purchase). */
function NoOrder({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <CheckoutPanel>
      <p className="checkout-panel__text">{text}</p>
      <div className="checkout-actions">
        <Link className="button button--primary" to={paths.order.getHref()}>
          {t('confirm_choose_tickets')}
        </Link>
      </div>
    </CheckoutPanel>
  );
}

function ConfirmOrderOf({ orderToken, checkout }: { orderToken: string; checkout: Checkout }) {
  const { t } = useTranslation();
  const steps = useBookingSteps();
  const currency = useCoreStore((state) => state.configuration?.settings.currency ?? 'JPY');
  const savedPayment = useCoreStore((state) => state.savedPayment);
  const lang = useActiveLang();
  const order = useQuery(temporaryOrderQuery(orderToken, lang));

  if (order.isPending) {
    return (
      <div className="confirm-skeleton" aria-busy="true">
        <span className="visually-hidden">{t('common_loading')}</span>
      </div>
    );
  }
  if (order.isError) return <NoOrder text={t('confirm_load_failed')} />;

  const data = order.data;
  const payment = effectivePayment(data.price, savedPaymentChoice(savedPayment));
  const busy = checkout.phase !== 'idle';

  return (
    <>
      <SummaryPanel
        id="confirm-tickets"
        title={t('confirm_tickets_title')}
        edit={{
          href: paths.order.getHref(undefined, RETURN),
          label: t('confirm_edit_tickets'),
          text: t('confirm_edit'),
        }}
      >
        <TicketSummary order={data} currency={currency} />
      </SummaryPanel>
      <SummaryPanel
        id="confirm-details"
        title={t('confirm_details_title')}
        edit={
          steps.includes('sign-in')
            ? {
                href: paths.signIn.getHref(undefined, RETURN),
                label: t('confirm_edit_details'),
                text: t('confirm_edit'),
              }
            : undefined
        }
      >
        <CustomerSummary entries={data.customer_info} />
      </SummaryPanel>
      <SummaryPanel
        id="confirm-payment"
        title={t('confirm_payment_title')}
        edit={
          payment && data.price > 0
            ? {
                href: paths.payment.getHref(undefined, RETURN),
                label: t('confirm_edit_payment'),
                text: t('confirm_edit'),
              }
            : undefined
        }
      >
        <PaymentSummary payment={payment} />
      </SummaryPanel>
      <SummaryPanel id="confirm-coupon" title={t('confirm_coupon_title')}>
        <CouponForm orderToken={orderToken} coupons={data.coupons} currency={currency} disabled={busy} />
      </SummaryPanel>
      <SummaryPanel id="confirm-amount" title={t('confirm_amount_title')}>
        <PriceTotals order={data} currency={currency} />
        <CheckoutAction
          phase={checkout.phase}
          canPay={payment !== null}
          onCheckout={() => {
            if (payment) void checkout.submit(orderToken, data, payment);
          }}
        />
      </SummaryPanel>
    </>
  );
}

/**
 * The confirm step (spec §2, `/confirm`): the order as the server holds it (GET /orders/{id}), the
 * visitor's details and payment method with their change links (`?ref=c`), coupons, the totals, the
 * terms and the checkout.
 */
export function ConfirmOrder() {
  const { t } = useTranslation();
  const orderToken = useCoreStore((state) => state.orderToken);
  // Held here, above the order: a reserved checkout clears the order token while the page leaves.
  const checkout = useCheckout();

  if (checkout.phase === 'leaving') {
    return (
      <CheckoutPanel>
        <div className="checkout-spinner" aria-hidden="true" />
        <p className="checkout-panel__text confirm-leaving" role="status">
          {t('confirm_checkout_finishing')}
        </p>
      </CheckoutPanel>
    );
  }
  if (!orderToken) return <NoOrder text={t('confirm_no_order')} />;
  return <ConfirmOrderOf key={orderToken} orderToken={orderToken} checkout={checkout} />;
}
