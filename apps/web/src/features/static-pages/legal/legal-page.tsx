import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VisitorPage } from '../visitor-page/visitor-page.tsx';
import type { LegalFacts } from './use-legal-facts.ts';
import './legal.css';

/**
 * The frame of the privacy, legal-notice and terms pages: the operator's own page when the site
 * configures one (the footer links there directly; this covers a bookmarked or typed route), else the
 * product's generic text filled from the site's settings. A skeleton until the configuration is loaded.
 */
export function LegalPage({
  testId,
  title,
  facts,
  externalUrl,
  intro,
  children,
}: {
  testId: string;
  title: string;
  facts: LegalFacts | null;
  externalUrl: (facts: LegalFacts) => string | null;
  intro?: (facts: LegalFacts) => string;
  children: (facts: LegalFacts) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!facts) {
    return (
      <VisitorPage testId={testId} title={title}>
        <div className="visitor-page__skeleton" aria-hidden="true" />
      </VisitorPage>
    );
  }
  const url = externalUrl(facts);
  if (url) {
    return (
      <VisitorPage testId={testId} title={title}>
        <p className="visitor-page__text">{t('legal_external_text', { site: facts.site })}</p>
        <div className="visitor-page__actions">
          <a className="button button--primary" href={url} rel="noopener">
            {t('legal_external_link')}
          </a>
        </div>
      </VisitorPage>
    );
  }
  return (
    <VisitorPage testId={testId} title={title} intro={intro?.(facts)}>
      <div className="legal">{children(facts)}</div>
    </VisitorPage>
  );
}

/** One titled part of a legal text. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="legal__section">
      <h2 className="legal__heading">{title}</h2>
      {children}
    </section>
  );
}

/** One labelled fact of a `legal-facts` list. */
export function LegalFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="legal-facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Where to ask: the site's help page when configured, else the staff at the venue. */
export function LegalContact({ facts }: { facts: LegalFacts }) {
  const { t } = useTranslation();
  if (!facts.helpUrl) return <>{t('legal_contact_venue')}</>;
  return (
    <a href={facts.helpUrl} rel="noopener">
      {t('legal_contact_help')}
    </a>
  );
}
