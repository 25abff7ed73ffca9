import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useActiveLang } from '../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import { footerLinks, type FooterLink } from './footer-links.ts';
import { splitLastCharacter } from './last-word.ts';
import { PartnerBrands } from './partner-brands.tsx';
import './site-footer.css';

function FooterItem({ link }: { link: FooterLink }) {
  const { t } = useTranslation();
  const label = link.label ?? t(link.labelKey ?? '');
  const testId = `footer-link-${link.name}`;
  if (!link.external) {
    return (
      <Link to={link.to} className="site-footer__link" data-testid={testId}>
        {label}
      </Link>
    );
  }
  const { head, last } = splitLastCharacter(label);
  return (
    <a
      href={link.to}
      className="site-footer__link"
      data-testid={testId}
      target="_blank"
      rel="noopener noreferrer"
    >
      {head}
      {/* The icon stays with the last word (see splitLastCharacter), never alone on a line of its own. */}
      <span className="site-footer__last-word">
        {last}
        <svg className="site-footer__external" viewBox="0 0 12 12" width="10" height="10" aria-hidden="true">
          <path d="M4 2h6v6M10 2 3 9" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </span>
      <span className="visually-hidden"> {t('common_opens_new_tab')}</span>
    </a>
  );
}

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const lang = useActiveLang();
  const settings = useCoreStore((state) => state.configuration?.settings);
  const hasInquiryText = i18n.exists('footer_reservation_inquiry') && t('footer_reservation_inquiry') !== '';
  const links = settings ? footerLinks(settings, lang, hasInquiryText) : [];
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {settings ? <p className="site-footer__site">{settings.name[lang]}</p> : null}
        <nav aria-label={t('footer_navigation')}>
          <ul className="site-footer__links">
            {links.map((link) => (
              <li key={link.name}>
                <FooterItem link={link} />
              </li>
            ))}
          </ul>
        </nav>
        {settings ? <PartnerBrands footer={settings.footer} /> : null}
        {settings?.footer.showProviderBrand ? (
          <div className="site-footer__brand" data-testid="footer-provider-brand">
            <span className="site-footer__provider">{t('footer_provider_brand')}</span>
            {settings.footer.copyright ? (
              <small className="site-footer__copyright">{settings.footer.copyright}</small>
            ) : null}
          </div>
        ) : null}
      </div>
    </footer>
  );
}
