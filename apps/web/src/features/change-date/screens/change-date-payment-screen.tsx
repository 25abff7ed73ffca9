import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { paymentMethodsQuery } from '../../../shared/api/endpoints/payment-methods.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paymentOptions } from '../../../shared/payments/payment-options.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { ChangeDateFrame, ChangeDateLoadState, ChangeDatePanel } from '../parts/change-date-frame.tsx';
import { cancelTimeChange } from '../api/change-date-api.ts';
import { TopUpForm } from '../parts/top-up-form.tsx';
import { useTimeChange } from '../parts/use-time-change.ts';
import '../../../shared/payments/payment.css';

/**
 * The kinds of method a top-up can complete (issue 32): a card entered here (GMO's token script), Stripe's
 * card Element (its 3-D Secure challenge leaves for the issuer's page), the gateways' own pages (SoftBank's
 * card and 3-D Secure, PayPay, Alipay) and d払い (`carrier`): every one of them answers checkout with the
 * reservation or a `redirect`, which finish-change.ts follows, and comes back through the payment callbacks
 * by the change's `flow` and its remembered payment number (change-payment-away.ts). d払い's redirect is
 * /d-pay-confirm?flow=change_date, which asks the carrier for the change's token, not the booking's order
 * (booking/d-pay/d-pay-payer.ts). A site with nothing that can pay says "no methods".
 */
const TOP_UP_KINDS = ['card', 'element', 'redirect', 'carrier'] as const;

/**
 * Payment (spec §2 `/tickets/changedate/payment/:reservationToken/timechange/:timechangeToken`, also
 * `?ref=c` after a declined top-up): the amount to pay and the site's methods for the web channel; the
 * chosen method and card token go to payment confirm.
 */
export default function ChangeDatePaymentScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const navigate = useNavigate();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const { reservationToken, timechangeToken, query } = useTimeChange();
  const methods = useQuery(paymentMethodsQuery(lang, 'web'));
  const topUp = query.data?.top_up;
  const options = useMemo(
    () =>
      topUp === undefined || !methods.data
        ? null
        : paymentOptions(methods.data, topUp, { withRedirects: true, kinds: TOP_UP_KINDS }),
    [methods.data, topUp],
  );
  const saved = useTicketStore((state) => state.changeDatePayment);
  const [releasing, setReleasing] = useState(false);

  const chooseAgain = async () => {
    setReleasing(true);
    try {
      await cancelTimeChange(reservationToken, timechangeToken);
    } finally {
      setReleasing(false);
    }
    navigate(paths.changeDate.getHref({ reservationToken }, { ref: 'c' }));
  };

  return (
    <ChangeDateFrame title={t('screen_change_date_payment_title')} step="payment">
      {!query.data || !options ? (
        <ChangeDateLoadState query={methods.isError ? methods : query} />
      ) : query.data.status !== 'pending' ? (
        <ChangeDatePanel>
          <p className="change-date-text" role="status">
            {t('change_date_over')}
          </p>
          <Link className="button button--primary" to={paths.changeDate.getHref({ reservationToken })}>
            {t('change_date_start_again')}
          </Link>
        </ChangeDatePanel>
      ) : (
        <>
          <div className="payment-amount">
            <span className="payment-amount__label">{t('change_date_to_pay')}</span>
            <span className="payment-amount__value">{format.price(query.data.top_up, currency)}</span>
          </div>
          {options.length > 0 ? (
            <TopUpForm
              key={options.map((option) => option.method).join()}
              options={options}
              initialMethod={typeof saved?.method === 'string' ? saved.method : undefined}
              onSaved={(payment) => {
                // The method's name goes too: payment confirm names a gateway-page method by it, not by its id.
                const name = options.find((option) => option.method === payment.method);
                useTicketStore.getState().set({
                  changeDatePayment: {
                    ...payment,
                    ...(name && 'name' in name ? { methodName: name.name } : {}),
                    timechangeToken,
                  },
                });
                navigate(paths.changeDatePaymentConfirm.getHref({ reservationToken, timechangeToken }));
              }}
            />
          ) : (
            <ChangeDatePanel>
              <p className="change-date-text">{t('payment_no_methods')}</p>
              {/* Nothing here can pay it: the held slot goes back now, not when the hold runs out. */}
              <button
                type="button"
                className="button button--secondary"
                disabled={releasing}
                onClick={() => void chooseAgain()}
              >
                {t('change_date_choose_again')}
              </button>
            </ChangeDatePanel>
          )}
        </>
      )}
    </ChangeDateFrame>
  );
}
