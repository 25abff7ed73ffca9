import { Link } from 'react-router';
import type { Language } from '@kippu/contract/endpoints/langs';
import type { LangCode } from '@kippu/contract/enums';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { LanguagePicker } from '../../features/i18n/language-picker.tsx';
import { SiteLogo } from '../../features/sites/site-logo.tsx';
import { changeLanguage } from '../../shared/i18n/language-rules.ts';
import { useActiveLang } from '../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { paths } from '../../shared/routing/paths.ts';
// Styles: ./site-header.css, one of the page's own (src/main.ts).

type ViewProps = {
  lang: LangCode;
  settings: SiteSettings | undefined;
  languages: Language[];
  onLanguageChange: (code: string) => void;
};

/** The header as drawn: also the served page's first paint (pre-paint/render-pre-paint.tsx, ADR 037). */
export function SiteHeaderView({ lang, settings, languages, onLanguageChange }: ViewProps) {
  return (
    <header className="site-header" data-variant={settings?.logo.variant ?? 'black'}>
      <div className="site-header__inner">
        <Link to={paths.root.getHref()} className="site-header__brand">
          {settings ? (
            <SiteLogo name={settings.name[lang]} settings={settings} />
          ) : (
            <span className="site-header__logo-space" />
          )}
        </Link>
        <LanguagePicker languages={languages} value={lang} onChange={onLanguageChange} />
      </div>
    </header>
  );
}

export function SiteHeader() {
  const lang = useActiveLang();
  const configuration = useCoreStore((state) => state.configuration);
  const languages = useCoreStore((state) => state.languages);
  return (
    <SiteHeaderView
      lang={lang}
      settings={configuration?.settings}
      languages={languages}
      onLanguageChange={(code) => changeLanguage(code, lang)}
    />
  );
}
