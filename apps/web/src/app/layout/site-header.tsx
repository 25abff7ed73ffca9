import { Link } from 'react-router';
import { LanguagePicker } from '../../features/i18n/language-picker.tsx';
import { SiteLogo } from '../../features/sites/site-logo.tsx';
import { changeLanguage } from '../../shared/i18n/language-rules.ts';
import { useActiveLang } from '../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { paths } from '../paths.ts';
import './site-header.css';

export function SiteHeader() {
  const lang = useActiveLang();
  const configuration = useCoreStore((state) => state.configuration);
  const languages = useCoreStore((state) => state.languages);
  const settings = configuration?.settings;
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
        <LanguagePicker languages={languages} value={lang} onChange={(code) => changeLanguage(code, lang)} />
      </div>
    </header>
  );
}
