import { useTranslation } from 'react-i18next';
import { LegalPage, LegalSection } from '../legal/legal-page.tsx';
import { useLegalFacts } from '../legal/use-legal-facts.ts';

/** Terms of use (spec §2 `/terms`): the generic terms in the page's language, or the site's own page. */
export default function TermsScreen() {
  const { t } = useTranslation();
  const part = (title: string, text: string) => (
    <LegalSection title={t(title)}>
      <p>{t(text)}</p>
    </LegalSection>
  );
  return (
    <LegalPage
      testId="terms-screen"
      title={t('screen_terms_title')}
      facts={useLegalFacts()}
      externalUrl={(facts) => facts.footer.termsUrl}
      intro={(facts) => t('legal_terms_intro', { site: facts.site })}
    >
      {() => (
        <>
          {part('legal_terms_tickets_title', 'legal_terms_tickets_text')}
          {part('legal_cancellation_label', 'legal_cancellation_value')}
          {part('legal_terms_conduct_title', 'legal_terms_conduct_text')}
          {part('legal_terms_liability_title', 'legal_terms_liability_text')}
          {part('legal_terms_changes_title', 'legal_terms_changes_text')}
        </>
      )}
    </LegalPage>
  );
}
