import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import type { PaymentChoice } from './payment-choice.ts';

/**
 * How the order is paid: the method's name as the site lists it and, for a card, its last four digits.
 * Without a usable method (none saved, or `free` saved while the total is no longer 0) the visitor is
 * asked to choose one.
 */
export function PaymentSummary({ payment }: { payment: PaymentChoice | null }) {
  const { t } = useTranslation();
  const methods = useCoreStore((state) => state.paymentMethods);
  if (!payment) {
    return (
      <div className="confirm-payment-missing" role="status">
        <p className="checkout-panel__text">{t('confirm_payment_missing')}</p>
        <Link className="button button--secondary" to={paths.payment.getHref(undefined, { ref: 'c' })}>
          {t('confirm_payment_choose')}
        </Link>
      </div>
    );
  }
  const name =
    methods.find((method) => method.payment_method_type === payment.method)?.name ??
    t(payment.method === 'free' ? 'confirm_payment_free' : 'confirm_payment_card');
  const lastDigits = payment.maskedCardNo?.replace(/\D/g, '').slice(-4);
  return (
    <p className="confirm-payment">
      <span className="confirm-payment__name">{name}</span>
      {lastDigits ? (
        <span className="confirm-payment__card">{t('confirm_card_ending', { digits: lastDigits })}</span>
      ) : null}
      {payment.method === 'free' ? (
        <span className="confirm-payment__card">{t('confirm_payment_free_note')}</span>
      ) : null}
    </p>
  );
}
