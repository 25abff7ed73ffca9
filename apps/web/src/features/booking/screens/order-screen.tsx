import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { OrderForm } from '../order/order-form.tsx';
import { savedSelection } from '../order/order-selection.ts';
import { savedExpiry } from '../steps/hold-countdown.tsx';
import { StepIndicator } from '../steps/step-indicator.tsx';

// Only a return (?ref=c) has a hold to show: the countdown stays out of the first load.
const HoldCountdown = lazy(() =>
  import('../steps/hold-countdown.tsx').then((module) => ({ default: module.HoldCountdown })),
);

/**
 * Whether the visitor still holds an order chosen on this screen: a token, a saved selection and a hold
 * that has not ended. Read once as the screen mounts (a hold ending later changes nothing shown).
 */
function holdIsAlive(): boolean {
  const { orderToken, savedOrder } = useCoreStore.getState();
  const expiry = savedExpiry(savedOrder);
  return !!orderToken && !!savedSelection(savedOrder) && !!expiry && Date.parse(expiry) > Date.now();
}

/**
 * The order screen (`/order` and the root): the step indicator, then the order form in the site's
 * order procedure. `?ref=c` is a return from a later step: the saved selection is kept and the
 * current hold's remaining time is shown. So is a plain `/order` while the hold is alive: the browser's
 * back from sign-in or the member login lands here without `?ref=c`, and an empty form beside a live hold
 * would make the visitor choose everything again (issue 32).
 */
export default function OrderScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [alive] = useState(holdIsAlive);
  const isReturn = params.get('ref') === 'c' || alive;
  const procedure = useCoreStore((state) => state.configuration?.settings.layout.orderProcedure);

  return (
    <>
      <ScreenHero title={t('screen_order_title')} />
      <StepIndicator current="order" />
      {isReturn ? (
        <div className="order-hold">
          <Suspense fallback={null}>
            <HoldCountdown showOrderLink={false} />
          </Suspense>
        </div>
      ) : null}
      {procedure ? (
        <OrderForm key={procedure} procedure={procedure} isReturn={isReturn} />
      ) : (
        <div className="order-form" aria-busy="true">
          <div className="order-skeleton" />
        </div>
      )}
    </>
  );
}
