import { useTranslation } from 'react-i18next';
import { LegalContact, LegalFact, LegalPage, LegalSection } from '../legal/legal-page.tsx';
import { useLegalFacts } from '../legal/use-legal-facts.ts';

const PARTS = ['collect', 'use', 'share', 'security'] as const;

/** Privacy policy (spec §2 `/privacy`): the generic policy in the page's language, or the site's own page. */
export default function PrivacyScreen() {
  const { t } = useTranslation();
  return (
    <LegalPage
      testId="privacy-screen"
      title={t('screen_privacy_title')}
      facts={useLegalFacts()}
      externalUrl={(facts) => facts.footer.privacyUrl}
      intro={(facts) => t('legal_privacy_intro', { site: facts.site })}
    >
      {(facts) => (
        <>
          {PARTS.map((part) => (
            <LegalSection key={part} title={t(`legal_privacy_${part}_title`)}>
              <p>{t(`legal_privacy_${part}_text`)}</p>
            </LegalSection>
          ))}
          <LegalSection title={t('legal_privacy_requests_title')}>
            <p>{t('legal_privacy_requests_text')}</p>
            <dl className="legal-facts legal__contact">
              <LegalFact label={t('legal_contact_label')}>
                <LegalContact facts={facts} />
              </LegalFact>
            </dl>
          </LegalSection>
        </>
      )}
    </LegalPage>
  );
}
