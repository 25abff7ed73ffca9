import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import type { PaymentMethod } from '@kippu/contract/enums';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { checkoutTimeChange } from '../api/change-date-api.ts';
import { ChangeDateFrame, ChangeDateLoadState, ChangeDatePanel } from '../parts/change-date-frame.tsx';
import { ChangeSummary } from '../parts/change-summary.tsx';
import { finishChange } from '../parts/finish-change.ts';
import { useTimeChange } from '../parts/use-time-change.ts';

type StoredPayment = {
  method: PaymentMethod;
  token?: string;
  maskedCardNo?: string;
  methodName?: string;
  timechangeToken: string;
};

/**
 * Payment confirm (spec §2 `/tickets/changedate/payment/confirm/...`): the change, the amount and the card
 * chosen; "Pay and change" charges the top-up and completes the change in one go (240 000 ms time-out, one
 * submission at a time). A declined card: its dialog, then back to payment (error navigation, spec §4).
 */
export default function ChangeDatePaymentConfirmScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reservationToken, timechangeToken, query } = useTimeChange();
  const payment = useTicketStore((state) => state.changeDatePayment) as StoredPayment | null;
  const [submitting, setSubmitting] = useState(false);
  const change = query.data;

  if (!payment || payment.timechangeToken !== timechangeToken) {
    return <Navigate replace to={paths.changeDatePayment.getHref({ reservationToken, timechangeToken })} />;
  }

  const pay = async () => {
    if (!change || submitting) return;
    setSubmitting(true);
    try {
      const answer = await checkoutTimeChange(reservationToken, timechangeToken, {
        payment_method_type: payment.method,
        ...(payment.token ? { token: payment.token } : {}),
        ...(payment.maskedCardNo ? { masked_card_number: payment.maskedCardNo } : {}),
      });
      if (finishChange(answer, change, { reservationToken, timechangeToken }, queryClient))
        navigate(paths.changeDateComplete.getHref({ reservationToken }));
    } catch (error) {
      // The card token is spent either way: a new one is entered on the payment screen.
      useTicketStore.getState().set({ changeDatePayment: null });
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <ChangeDateFrame title={t('screen_change_date_payment_confirm_title')} step="payment">
      {!change ? (
        <ChangeDateLoadState query={query} />
      ) : (
        <>
          <ChangeSummary change={change} />
          <ChangeDatePanel id="change-date-paying-with" title={t('change_date_paying_with')}>
            <p className="change-date-text">
              {payment.maskedCardNo
                ? t('change_date_card', { card: payment.maskedCardNo })
                : (payment.methodName ?? payment.method)}
            </p>
            <Link
              className="change-date-link"
              to={paths.changeDatePayment.getHref({ reservationToken, timechangeToken }, { ref: 'c' })}
            >
              {t('change_date_change_payment')}
            </Link>
          </ChangeDatePanel>
          <div className="change-date-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={submitting}
              aria-busy={submitting}
              onClick={() => void pay()}
            >
              {t('change_date_pay_and_change')}
            </button>
          </div>
        </>
      )}
    </ChangeDateFrame>
  );
}
