import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LangCode } from '@kippu/contract/enums';
import { htmlLang } from '@kippu/contract/html-lang';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useKioskStore } from '../../../shared/kiosk/kiosk-store.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { byDisplayPosition } from '../../../shared/sort/by-display-position.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { kioskSessionQuery } from '../api/kiosk-api.ts';
import '../kiosk.css';

/** The order screen in `lang`: at once when the page runs in it, else a page load in it (ADR 037). */
function startIn(lang: LangCode, activeLang: LangCode, navigate: (to: string) => void): void {
  useCoreStore.getState().set({ langCode: lang });
  if (lang === activeLang) return navigate(paths.order.getHref());
  window.location.replace(`${window.location.pathname}?lang=${lang}#${paths.order.getHref()}`);
}

/**
 * The kiosk's first screen (`#/kiosk`, issue 29, ADR 081): asks the server whether this browser is a paired
 * kiosk (its HttpOnly device cookie), then offers the site's languages as large buttons, each in its own
 * language; choosing one starts the purchase on the kiosk channel. A browser that is no kiosk (never
 * paired, or revoked) is told to ask staff and stays an ordinary visitor's browser.
 */
export default function KioskStartScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const languages = useCoreStore((state) => state.languages);
  const session = useQuery(kioskSessionQuery(lang));
  const kiosk = session.data?.kiosk;
  const deviceName = session.data?.kiosk ? session.data.device_name : null;

  useEffect(() => {
    if (kiosk === true && deviceName !== null) useKioskStore.getState().enter(deviceName);
    if (kiosk === false) useKioskStore.getState().leave();
  }, [kiosk, deviceName]);

  if (session.isPending) {
    return (
      <div className="kiosk-start kiosk-start--waiting" aria-busy="true">
        <span className="visually-hidden">{t('common_loading')}</span>
      </div>
    );
  }
  if (kiosk !== true) {
    return (
      <div className="kiosk-start">
        <h1 className="kiosk-start__title" id="screen-title" tabIndex={-1}>
          {t('kiosk_not_paired_title')}
        </h1>
        <p className="kiosk-start__text" role="alert">
          {t(params.get('paired') === '0' ? 'kiosk_pairing_failed' : 'kiosk_not_paired_text')}
        </p>
        {session.isError ? (
          <button type="button" className="button button--secondary" onClick={() => void session.refetch()}>
            {t('kiosk_retry')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="kiosk-start">
      <h1 className="kiosk-start__title" id="screen-title" tabIndex={-1}>
        {t('kiosk_welcome_title')}
      </h1>
      <p className="kiosk-start__text">{t('kiosk_choose_language')}</p>
      <ul className="kiosk-languages" aria-label={t('common_language')}>
        {[...languages].sort(byDisplayPosition).map((language) => (
          <li key={language.code}>
            <button
              type="button"
              className="button kiosk-languages__button"
              lang={htmlLang(language.code)}
              data-testid={`kiosk-language-${language.code}`}
              onClick={() => startIn(language.code, lang, navigate)}
            >
              {language.display_name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
