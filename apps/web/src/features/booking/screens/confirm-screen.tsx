import { useTranslation } from 'react-i18next';
import { CheckoutPage } from '../checkout-page/checkout-page.tsx';
import { ConfirmOrder } from '../confirm/confirm-order.tsx';

/** The confirm step (`/confirm`): review the order, apply coupons, agree to the terms and buy. */
export default function ConfirmScreen() {
  const { t } = useTranslation();
  return (
    <CheckoutPage title={t('screen_confirm_title')} step="confirm">
      <ConfirmOrder />
    </CheckoutPage>
  );
}
