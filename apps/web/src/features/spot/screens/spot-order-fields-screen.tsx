import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { spotFieldTemplatesQuery, spotOrderQuery } from '../api/spot-calls.ts';
import { SpotOrderFieldsForm } from '../order-fields/spot-order-fields-form.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';

/**
 * `/spot/order-fields/:reservationToken` (ADR 109): the held spot order's details (its token is the route's),
 * between the order and payment; the steps show it as part of the order step (spec §2: order, payment). A
 * token that is not this phone's order in progress goes back to the spot order screen.
 */
export default function SpotOrderFieldsScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  const orderToken = useSpotStore((state) => state.orderToken);
  const qrToken = useSpotStore((state) => state.qrToken);
  const signIn = useCoreStore((state) => state.configuration?.settings.signIn);
  const mine = orderToken !== null && orderToken === reservationToken;
  const templates = useQuery({ ...spotFieldTemplatesQuery(), enabled: mine });
  const order = useQuery({ ...spotOrderQuery(reservationToken, lang), enabled: mine });

  if (!mine) {
    return (
      <Navigate replace to={paths.spot.getHref(undefined, qrToken ? { qr_token: qrToken } : undefined)} />
    );
  }
  return (
    <SpotFrame title={t('screen_spot_order_fields_title')} step="order">
      {templates.data && order.data && signIn ? (
        <SpotOrderFieldsForm
          orderToken={reservationToken}
          templates={templates.data}
          signIn={signIn}
          given={order.data.customer_info}
        />
      ) : templates.isError || order.isError ? (
        <SpotPanel>
          <p className="spot-panel__text">{t('payment_load_failed')}</p>
        </SpotPanel>
      ) : (
        <div className="spot-skeleton" aria-hidden="true" />
      )}
    </SpotFrame>
  );
}
