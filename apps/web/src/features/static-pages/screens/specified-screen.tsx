import { useTranslation } from 'react-i18next';
import { LegalContact, LegalFact as Fact, LegalPage } from '../legal/legal-page.tsx';
import { useLegalFacts } from '../legal/use-legal-facts.ts';

/**
 * Legal notice (spec §2 `/specified`, 特定商取引法に基づく表記): the facts the Act on Specified Commercial
 * Transactions asks of an online seller, filled from the site's settings, or the site's own page.
 */
export default function SpecifiedScreen() {
  const { t } = useTranslation();
  return (
    <LegalPage
      testId="specified-screen"
      title={t('screen_specified_title')}
      facts={useLegalFacts()}
      externalUrl={(facts) => facts.footer.legalNoticeUrl}
    >
      {(facts) => (
        <dl className="legal-facts">
          <Fact label={t('legal_seller_label')}>{t('legal_seller_value', { site: facts.site })}</Fact>
          <Fact label={t('legal_address_label')}>{t('legal_address_value')}</Fact>
          <Fact label={t('legal_contact_label')}>
            <LegalContact facts={facts} />
          </Fact>
          <Fact label={t('legal_price_label')}>{t('legal_price_value', { currency: facts.currency })}</Fact>
          <Fact label={t('legal_extra_fees_label')}>{t('legal_extra_fees_value')}</Fact>
          <Fact label={t('legal_payment_label')}>
            {facts.paymentMethods.length > 0 ? (
              <ul>
                {facts.paymentMethods.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            ) : (
              t('legal_payment_fallback')
            )}
          </Fact>
          <Fact label={t('legal_payment_timing_label')}>{t('legal_payment_timing_value')}</Fact>
          <Fact label={t('legal_delivery_label')}>{t('legal_delivery_value')}</Fact>
          <Fact label={t('legal_cancellation_label')}>{t('legal_cancellation_value')}</Fact>
        </dl>
      )}
    </LegalPage>
  );
}
