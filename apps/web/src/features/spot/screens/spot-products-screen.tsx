import { Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';

/**
 * `/spot/products`: a spot poster names one product, so choosing tickets is the spot order screen with the
 * poster's token (kept in spot state); without one, that screen asks the visitor to scan the poster.
 */
export default function SpotProductsScreen() {
  const qrToken = useSpotStore((state) => state.qrToken);
  return <Navigate replace to={paths.spot.getHref(undefined, qrToken ? { qr_token: qrToken } : undefined)} />;
}
