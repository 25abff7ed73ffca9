import { useTranslation } from 'react-i18next';
import { CheckoutPage } from '../checkout-page/checkout-page.tsx';
import { PurchaseComplete } from '../complete/purchase-complete.tsx';

/** The completion page (`/complete`): thanks, the reservation number and the way to the ticket. */
export default function CompleteScreen() {
  const { t } = useTranslation();
  return (
    <CheckoutPage title={t('screen_complete_title')} showHold={false}>
      <PurchaseComplete />
    </CheckoutPage>
  );
}
