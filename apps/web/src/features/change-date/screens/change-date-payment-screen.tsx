import { useMemo } from 'react';
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
import { TopUpForm } from '../parts/top-up-form.tsx';
import { useTimeChange } from '../parts/use-time-change.ts';
import '../../../shared/payments/payment.css';

/**
 * The top-up offers token-script cards (and free, when nothing is owed), as before. The change-of-date
 * checkout would take any web method, but only cards are shown to complete (a GMO 3-D Secure challenge
 * too: change-date.integration.test.ts). Stripe's return carries no payment number (the callback would
 * read the one the change's checkout keeps, finish-change.ts, untried for a top-up); wallets are untested
 * for a top-up; carrier billing needs the booking's /d-pay-confirm (ADR 028).
 */
const TOP_UP_KINDS = ['card'] as const;

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
        : paymentOptions(methods.data, topUp, { kinds: TOP_UP_KINDS }),
    [methods.data, topUp],
  );
  const saved = useTicketStore((state) => state.changeDatePayment);

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
                useTicketStore.getState().set({ changeDatePayment: { ...payment, timechangeToken } });
                navigate(paths.changeDatePaymentConfirm.getHref({ reservationToken, timechangeToken }));
              }}
            />
          ) : (
            <ChangeDatePanel>
              <p className="change-date-text">{t('payment_no_methods')}</p>
            </ChangeDatePanel>
          )}
        </>
      )}
    </ChangeDateFrame>
  );
}
