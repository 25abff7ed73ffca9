import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useSpotStore } from '../../../shared/stores/spot-store.ts';
import { spotStocksQuery } from '../api/spot-calls.ts';
import { languageWasStored, noteLanguageStored } from '../../../shared/i18n/language-stored-at-start.ts';
import { SpotLanguageChoice } from '../language/spot-language-choice.tsx';
import { SpotOrderForm } from '../order/spot-order-form.tsx';
import { SpotFrame, SpotPanel } from '../spot-frame.tsx';

/**
 * The spot order screen (`/spot?qr_token=`): where a poster's QR code leads. The token is kept (spot state
 * `qrToken`) so a session time-out comes back here (spec §4); an expired or unknown token has shown its
 * dialog and leaves a note to scan the poster again.
 */
export default function SpotScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const [search] = useSearchParams();
  const stored = useSpotStore((state) => state.qrToken);
  const qrToken = search.get('qr_token') ?? stored;
  // Another spot product of the venue, chosen on `/spot/products` (ADR 109); else the poster's.
  const productUuid = search.get('product') ?? undefined;
  useEffect(() => {
    if (qrToken && qrToken !== useSpotStore.getState().qrToken) useSpotStore.getState().set({ qrToken });
  }, [qrToken]);
  // A first visit (no language stored for the site) is asked its language before anything else (ADR 110).
  const [askLanguage, setAskLanguage] = useState(() => !languageWasStored());
  const stocks = useQuery({
    ...spotStocksQuery(qrToken ?? '', lang, false, productUuid),
    enabled: !!qrToken,
  });

  return (
    <SpotFrame title={t('screen_spot_title')} step="order">
      {askLanguage ? (
        <SpotLanguageChoice
          onChosen={() => {
            // Chosen: asked once per page, not again when the visitor comes back to this screen.
            noteLanguageStored(true);
            setAskLanguage(false);
          }}
        />
      ) : !qrToken || stocks.isError ? (
        <SpotPanel>
          <p className="spot-panel__text">{t('spot_scan_poster')}</p>
          <p className="spot-panel__text">
            <Link to={paths.spotTicketInquiry.getHref()}>{t('spot_my_tickets_link')}</Link>
          </p>
        </SpotPanel>
      ) : stocks.data ? (
        <>
          <SpotOrderForm
            key={`${qrToken}-${lang}-${stocks.data.product.uuid}`}
            data={stocks.data}
            qrToken={qrToken}
            lang={lang}
          />
          <p className="spot-note spot-note--centred">
            <Link to={paths.spotProducts.getHref()}>{t('spot_other_products_link')}</Link>
          </p>
        </>
      ) : (
        <div className="spot-skeleton" aria-hidden="true" />
      )}
    </SpotFrame>
  );
}
