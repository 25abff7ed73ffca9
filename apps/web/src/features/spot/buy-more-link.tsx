import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths.ts';
import { useSpotStore } from '../../shared/stores/spot-store.ts';

/** Back to the poster's product list for another purchase, while this phone still has the poster's QR token. */
export function BuyMoreLink() {
  const { t } = useTranslation();
  const qrToken = useSpotStore((state) => state.qrToken);
  if (!qrToken) return null;
  return (
    <Link className="button button--secondary" to={paths.spot.getHref(undefined, { qr_token: qrToken })}>
      {t('complete_buy_more')}
    </Link>
  );
}
