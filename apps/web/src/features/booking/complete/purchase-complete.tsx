import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPanel } from '../checkout-page/checkout-page.tsx';
import { readCompleteData, type CompleteData } from '../../../shared/purchase/complete-data.ts';
import './complete.css';

function Thanks({ data }: { data: CompleteData }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const currency = useCoreStore((state) => state.configuration?.settings.currency ?? 'JPY');
  const showTicketButton = useCoreStore(
    (state) => state.configuration?.settings.completePage.showGoToTicketButton ?? false,
  );
  const when = visitWhen(data.productType, data.startsAt, data.endsAt, lang);
  // The member's price is stored with the completion data (spec §3); the coupons' share is what remains.
  const promotion = useCoreStore((state) => state.membershipPromotion);
  const memberDiscount = Math.min(promotion?.membership_discount ?? 0, data.discount);
  const otherDiscount = data.discount - memberDiscount;

  return (
    <>
      <CheckoutPanel>
        <div className="complete-thanks">
          <svg
            className="complete-thanks__mark"
            viewBox="0 0 48 48"
            width="56"
            height="56"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="24" cy="24" r="23" fill="currentColor" />
            <path
              d="M14 24.5l7 7 13-15"
              fill="none"
              stroke="var(--on-primary)"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h2 className="complete-thanks__title">{t('complete_thanks_title')}</h2>
          <p className="complete-thanks__text">{t('complete_thanks_text')}</p>
        </div>
        <dl className="complete-number">
          <dt className="complete-number__label">{t('complete_reservation_number')}</dt>
          <dd className="complete-number__value" data-testid="reservation-number">
            {data.reservationNumber}
          </dd>
        </dl>
        <p className="complete-mail">
          {data.email ? t('complete_mail_sent_to', { email: data.email }) : t('complete_mail_sent')}
        </p>
        <div className="checkout-actions">
          {showTicketButton ? (
            <Link
              className="button button--primary"
              to={paths.ticket.getHref({ reservationToken: data.reservationToken })}
            >
              {t('complete_go_to_ticket')}
            </Link>
          ) : null}
          <Link className="button button--secondary" to={paths.order.getHref()}>
            {t('complete_buy_more')}
          </Link>
        </div>
      </CheckoutPanel>
      <CheckoutPanel title={t('complete_summary_title')} id="complete-summary">
        <dl className="complete-summary">
          <div className="complete-summary__row">
            <dt>{t('complete_summary_product')}</dt>
            <dd>{data.productName}</dd>
          </div>
          <div className="complete-summary__row">
            <dt>{t('complete_summary_when')}</dt>
            <dd>
              {when.date}
              {when.time ? <span className="complete-summary__time">{when.time}</span> : null}
            </dd>
          </div>
          <div className="complete-summary__row">
            <dt>{t('complete_summary_tickets')}</dt>
            <dd>{t('complete_ticket_count', { count: data.ticketCount })}</dd>
          </div>
          {promotion && memberDiscount > 0 ? (
            <div className="complete-summary__row" data-testid="complete-membership-promotion">
              <dt>{t('confirm_discount_membership', { name: promotion.name })}</dt>
              <dd>{format.price(-memberDiscount, currency)}</dd>
            </div>
          ) : null}
          {otherDiscount > 0 ? (
            <div className="complete-summary__row">
              <dt>{t('complete_summary_discount')}</dt>
              <dd>{format.price(-otherDiscount, currency)}</dd>
            </div>
          ) : null}
          <div className="complete-summary__row complete-summary__row--total">
            <dt>{t('complete_summary_paid')}</dt>
            <dd>{format.price(data.totalPrice, currency)}</dd>
          </div>
        </dl>
        <p className="checkout-note">{t('complete_keep_number')}</p>
      </CheckoutPanel>
    </>
  );
}

/**
 * The thank-you of a finished purchase (spec §2 `/complete`): the reservation number, where the
 * confirmation went, and the way to the ticket where the site enables it
 * (`completePage.showGoToTicketButton`). Reads the stored completion data, so a reload shows it again.
 */
export function PurchaseComplete() {
  const { t } = useTranslation();
  const stored = useCoreStore((state) => state.completeData);
  const data = readCompleteData(stored);
  if (!data) {
    return (
      <CheckoutPanel>
        <p className="checkout-panel__text">{t('complete_none')}</p>
        <div className="checkout-actions">
          <Link className="button button--primary" to={paths.order.getHref()}>
            {t('complete_buy_more')}
          </Link>
          <Link className="button button--secondary" to={paths.reservationInquiry.getHref()}>
            {t('complete_find_booking')}
          </Link>
        </div>
      </CheckoutPanel>
    );
  }
  return <Thanks data={data} />;
}
