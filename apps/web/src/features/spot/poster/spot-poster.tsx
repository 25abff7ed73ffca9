import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANG_CODES, type LangCode } from '@kippu/contract/enums';
import { htmlLang } from '@kippu/contract/html-lang';
import { bundledTexts } from '@kippu/contract/format/placeholders';
import { paths } from '../../../shared/routing/paths.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { QrImage } from '../../../shared/ui/qr-image.tsx';
import { spotStocksQuery } from '../api/spot-calls.ts';
import { SpotPanel } from '../spot-frame.tsx';
// The poster speaks all six languages at once, whatever the page's language: its words are bundled.
import en from '../../../../../../packages/contract/texts/spot/en.json' with { type: 'json' };
import ja from '../../../../../../packages/contract/texts/spot/ja.json' with { type: 'json' };
import kr from '../../../../../../packages/contract/texts/spot/kr.json' with { type: 'json' };
import th from '../../../../../../packages/contract/texts/spot/th.json' with { type: 'json' };
import zhHans from '../../../../../../packages/contract/texts/spot/zh-hans.json' with { type: 'json' };
import zhHant from '../../../../../../packages/contract/texts/spot/zh-hant.json' with { type: 'json' };

const posterText = bundledTexts<keyof typeof en>({ ja, en, 'zh-hans': zhHans, kr, 'zh-hant': zhHant, th });

/** The address the QR code carries: this site's spot order screen with the poster's token. */
function spotLink(qrToken: string): string {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#${paths.spot.getHref(undefined, { qr_token: qrToken })}`;
}

/**
 * The printable poster of one product (`/spot/qr/:productUUID?qr_token=`): the QR code of the spot order
 * screen, the product's name and "scan to buy" in the six languages (read through the token, so a poster
 * of a rotated or expired token shows the error instead of a dead code), and a print button.
 */
export function SpotPoster({ productUuid, qrToken }: { productUuid: string; qrToken: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const pageLang = useActiveLang();
  // One dialog at most: only the page's own language reports a refused token.
  const names = useQueries({
    queries: LANG_CODES.map((lang) => spotStocksQuery(qrToken, lang, lang !== pageLang)),
  });
  const failed = names.some((query) => query.isError);
  const loaded = names.every((query) => query.data);
  const mismatch = loaded && names.some((query) => query.data!.product.uuid !== productUuid);

  if (failed || mismatch) {
    return (
      <SpotPanel>
        <p className="spot-panel__text">{t('spot_poster_invalid')}</p>
      </SpotPanel>
    );
  }
  if (!loaded) return <div className="spot-skeleton" aria-hidden="true" />;
  const expiresAt = names[0]!.data!.expires_at;

  return (
    <>
      <article className="spot-poster" aria-label={t('spot_poster_label')}>
        <ul className="spot-poster__names">
          {LANG_CODES.map((lang: LangCode, index) => (
            <li
              key={lang}
              lang={htmlLang(lang)}
              className={`spot-poster__name spot-poster__name--${index === 0 ? 'main' : 'other'}`}
            >
              <span className="spot-poster__product">{names[index]!.data!.product.name}</span>
              <span className="spot-poster__scan">{posterText(lang, 'spot_poster_scan')}</span>
            </li>
          ))}
        </ul>
        <div className="spot-poster__qr">
          <QrImage
            payload={spotLink(qrToken)}
            // The alt text is in the page's language, so is the product's name in it (issue 32: English on zh-hans).
            alt={t('spot_poster_qr_alt', { name: names[LANG_CODES.indexOf(pageLang)]!.data!.product.name })}
          />
        </div>
      </article>
      <div className="spot-actions spot-poster__actions">
        <p className="spot-note">{t('spot_poster_valid_until', { date: format.date(expiresAt) })}</p>
        <button type="button" className="button button--primary" onClick={() => window.print()}>
          {t('spot_poster_print')}
        </button>
      </div>
    </>
  );
}
