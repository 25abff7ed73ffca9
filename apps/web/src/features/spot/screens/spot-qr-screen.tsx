import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { SpotPoster } from '../poster/spot-poster.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';

/**
 * Staff's poster page (`/spot/qr/:productUUID?qr_token=`): `npm run spot-qr` prints this link with the
 * product's current token (ADR 031). Printing leaves the site's header and footer off the paper.
 */
export default function SpotQrScreen() {
  const { t } = useTranslation();
  const { productUUID = '' } = useParams();
  const [search] = useSearchParams();
  const qrToken = search.get('qr_token');
  return (
    <SpotFrame title={t('screen_spot_qr_title')}>
      {qrToken ? (
        <SpotPoster productUuid={productUUID} qrToken={qrToken} />
      ) : (
        <SpotPanel>
          <p className="spot-panel__text">{t('spot_poster_invalid')}</p>
        </SpotPanel>
      )}
    </SpotFrame>
  );
}
