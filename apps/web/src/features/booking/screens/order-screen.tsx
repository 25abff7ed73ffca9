import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { OrderForm } from '../order/order-form.tsx';
import { StepIndicator } from '../steps/step-indicator.tsx';

// Only a return (?ref=c) has a hold to show: the countdown stays out of the first load.
const HoldCountdown = lazy(() =>
  import('../steps/hold-countdown.tsx').then((module) => ({ default: module.HoldCountdown })),
);

/**
 * The order screen (`/order` and the root): the step indicator, then the order form in the site's
 * order procedure. `?ref=c` is a return from a later step: the saved selection is kept and the
 * current hold's remaining time is shown.
 */
export default function OrderScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isReturn = params.get('ref') === 'c';
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
