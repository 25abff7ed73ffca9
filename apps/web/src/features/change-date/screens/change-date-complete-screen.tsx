import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ProductType } from '@kippu/contract/enums';
import { paths } from '../../../shared/routing/paths.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { timeChangeQuery } from '../api/change-date-api.ts';
import { ChangeDateFrame, ChangeDatePanel } from '../parts/change-date-frame.tsx';
import { changePaymentResultOf, storeChangePaymentResult } from '../parts/payment-result.ts';
import { VisitWhen } from '../parts/visit-line.tsx';

type Result = {
  reservationToken: string;
  to: { product_name: string; product_type: ProductType; starts_at: string; ends_at: string };
  paid: number;
};

/**
 * The change a top-up paid on a gateway's page (3-D Secure) completed, read back from the server: the
 * browser came back from the gateway with no stored result, only the change it sent away
 * (change-payment-away.ts), which this screen then clears.
 */
function useChangePaidAway(reservationToken: string, enabled: boolean): Result | null {
  const lang = useActiveLang();
  const [timechangeToken] = useState(() => {
    const away = useTicketStore.getState().changeDatePaymentAway;
    return away?.reservationToken === reservationToken ? away.timechangeToken : null;
  });
  const change = useQuery({
    ...timeChangeQuery(reservationToken, timechangeToken ?? '', lang),
    enabled: enabled && timechangeToken !== null,
  });
  const done = change.data?.status === 'done' ? change.data : null;
  // Kept as the checkout's own completion keeps them: the away record is cleared below, so a reload of
  // this screen reads the stored result and payment (changeDatePaymentResult) instead.
  useEffect(() => {
    if (!done) return;
    useTicketStore.getState().set({ changeDateResult: { reservationToken, to: done.to, paid: done.top_up } });
    storeChangePaymentResult(reservationToken, done);
  }, [done, reservationToken]);
  return done ? { reservationToken, to: done.to, paid: done.top_up } : null;
}

/**
 * Complete (spec §2 `/tickets/changedate/complete/:reservationToken`): the new visit, what was paid (or that
 * a cheaper date's difference is not refunded; changeDatePaymentResult, kept across a reload), that
 * the QR codes are new (the old ones no longer admit), and the way to the ticket. Opened without a stored
 * result (a reload in another tab), it still leads to the ticket, which shows the truth.
 */
export default function ChangeDateCompleteScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { reservationToken = '' } = useParams();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const stored = useTicketStore((state) => state.changeDateResult) as Result | null;
  const storedResult = stored?.reservationToken === reservationToken ? stored : null;
  const paidAway = useChangePaidAway(reservationToken, storedResult === null);
  const result = storedResult ?? paidAway;
  const storedPayment = useTicketStore((state) => state.changeDatePaymentResult);
  const payment = changePaymentResultOf(storedPayment, reservationToken);
  const paid = payment?.paid ?? result?.paid ?? 0;
  // The change is over: its data goes (the result stays for this screen; spec §4 clears them separately).
  useEffect(() => {
    useTicketStore.getState().set({ changeDate: null, changeDatePayment: null, changeDatePaymentAway: null });
  }, []);

  return (
    <ChangeDateFrame title={t('screen_change_date_complete_title')} step="complete">
      <ChangeDatePanel id="change-date-done" title={t('change_date_done_heading')}>
        {result ? (
          <>
            <p className="change-date-visit change-date-visit--large">
              <span className="change-date-visit__product">{result.to.product_name}</span>
              <VisitWhen visit={result.to} />
            </p>
            {paid > 0 ? (
              <p className="change-date-text">{t('change_date_paid', { amount: format.price(paid, currency) })}</p>
            ) : null}
            {payment && payment.priceDifference < 0 && payment.refunded === 0 ? (
              <p className="change-date-text change-date-text--muted">
                {t('change_date_no_refund', { amount: format.price(-payment.priceDifference, currency) })}
              </p>
            ) : null}
          </>
        ) : null}
        <p className="change-date-text">{t('change_date_done_codes')}</p>
        <p className="change-date-text change-date-text--muted">{t('change_date_done_mail')}</p>
      </ChangeDatePanel>
      <div className="change-date-actions">
        <Link className="button button--primary" to={paths.ticket.getHref({ reservationToken })}>
          {t('change_date_show_ticket')}
        </Link>
      </div>
    </ChangeDateFrame>
  );
}
