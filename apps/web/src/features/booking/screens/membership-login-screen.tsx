import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { CheckoutPage } from '../checkout-page/checkout-page.tsx';
import { MembershipLoginForm } from '../membership-login/membership-login-form.tsx';

/**
 * Member login (`/membership-login`, only where isUseMembershipLogin is on: the route's guard). Without an
 * order in progress there is nothing to log in for: back to the order page.
 */
export default function MembershipLoginScreen() {
  const { t } = useTranslation();
  const orderToken = useCoreStore((state) => state.orderToken);
  if (!orderToken) return <Navigate replace to={paths.order.getHref()} />;
  return (
    <CheckoutPage title={t('screen_membership_login_title')} step="membership-login">
      <MembershipLoginForm orderToken={orderToken} />
    </CheckoutPage>
  );
}
