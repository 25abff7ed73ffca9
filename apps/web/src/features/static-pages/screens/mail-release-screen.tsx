import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-client.ts';
import { mailMagazinesQuery } from '../mail-release/api/mail-magazine-calls.ts';
import { MailReleaseForm } from '../mail-release/mail-release-form.tsx';
import { VisitorPage } from '../visitor-page/visitor-page.tsx';
import '../mail-release/mail-release.css';

/**
 * Mail-magazine release (spec §2 `/mail-release/:mailToken`, the link in marketing-capable mails): the
 * magazines the address still receives and a button to stop the chosen ones.
 */
export default function MailReleaseScreen() {
  const { t } = useTranslation();
  const { mailToken = '' } = useParams();
  const subscription = useQuery(mailMagazinesQuery(mailToken));
  const invalidLink = subscription.error instanceof ApiError && subscription.error.status === 404;

  return (
    <VisitorPage
      testId="mail-release-screen"
      title={t('screen_mail_release_title')}
      intro={subscription.isSuccess ? t('mail_release_intro') : undefined}
    >
      {subscription.isPending ? (
        <div className="visitor-page__skeleton" aria-busy="true">
          <span className="visually-hidden">{t('common_loading')}</span>
        </div>
      ) : subscription.isError ? (
        <div role={invalidLink ? undefined : 'alert'}>
          <p className="visitor-page__text">
            {t(invalidLink ? 'mail_release_invalid_link' : 'mail_release_load_failed')}
          </p>
          {invalidLink ? null : (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void subscription.refetch()}
            >
              {t('mail_release_retry')}
            </button>
          )}
        </div>
      ) : (
        <MailReleaseForm mailToken={mailToken} subscription={subscription.data} />
      )}
    </VisitorPage>
  );
}
