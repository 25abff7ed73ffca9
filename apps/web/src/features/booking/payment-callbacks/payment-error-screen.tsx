import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import '../../../shared/ui/message-screen.css';

const flag = (value: string | null) => value === 'true' || value === '1';

/**
 * `/payment-error` (spec §2), with `time_change`, `additional_info` and the `inquiry` option: the payment
 * did not end in a booking. The inquiry variant is for `critical refund error` (the money was taken and
 * could not be given back automatically; the order is flagged for staff): it gives the way to contact the
 * office. Every variant shows the reference (`additional_info`, the payment number) when the flow passes
 * one, so a visitor who asks about a failed payment can quote it (issue 32, item 31).
 */
export default function PaymentErrorScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const timeChange = flag(params.get('time_change'));
  const inquiry = flag(params.get('inquiry'));
  const reference = params.get('additional_info');
  const textKey = inquiry
    ? 'payment_error_inquiry_text'
    : timeChange
      ? 'payment_error_time_change_text'
      : 'payment_error_text';
  return (
    <div data-testid="payment-error">
      <ScreenHero title={t('screen_payment_error_title')} />
      <div className="message-panel">
        <p className="message-panel__text">{t(textKey)}</p>
        {reference ? (
          <dl className="message-panel__text">
            <dt>{t('payment_error_reference')}</dt>
            <dd>
              <code>{reference}</code>
            </dd>
          </dl>
        ) : null}
        {inquiry ? (
          <Link to={paths.reservationInquiry.getHref()} className="button button--secondary">
            {t('payment_error_contact')}
          </Link>
        ) : null}
        <Link to={paths.order.getHref()} className="button button--primary">
          {t('common_back_to_tickets')}
        </Link>
      </div>
    </div>
  );
}
