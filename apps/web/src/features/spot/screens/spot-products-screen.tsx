import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { spotProductsQuery } from '../api/spot-calls.ts';
import { SpotProductList } from '../products/spot-product-list.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';

/**
 * `/spot/products` (ADR 109): what the poster's venue sells on the spot channel today (GET /spot/products
 * with the poster's token, kept in spot state), each leading to its spot order screen. Without a token (or
 * with a refused one, whose dialog has shown): the note to scan the poster.
 */
export default function SpotProductsScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const qrToken = useSpotStore((state) => state.qrToken);
  const products = useQuery({ ...spotProductsQuery(qrToken ?? '', lang), enabled: !!qrToken });
  return (
    <SpotFrame title={t('screen_spot_products_title')}>
      {!qrToken || products.isError ? (
        <SpotPanel>
          <p className="spot-panel__text">{t('spot_scan_poster')}</p>
          <p className="spot-panel__text">
            <Link to={paths.spotTicketInquiry.getHref()}>{t('spot_my_tickets_link')}</Link>
          </p>
        </SpotPanel>
      ) : products.data ? (
        <SpotProductList data={products.data} qrToken={qrToken} />
      ) : (
        <div className="spot-skeleton" aria-hidden="true" />
      )}
    </SpotFrame>
  );
}
