import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';

/**
 * Members on a site without membership login (ADR 128): why the screen has nothing to list, and where the
 * login is switched on (the settings' General section, the screen's first). The menu leaves Members out for
 * such a site; this is for an address opened directly. Members kept from when the login was on are still
 * listed below it, so they can be erased on request.
 */
export function MembershipOff({ site, kept }: { site: string; kept: boolean }) {
  const { t } = useConsoleI18n();
  return (
    <div className="c-notice c-members-off" role="note">
      <p>{t('members_off_text')}</p>
      {kept ? <p>{t('members_off_kept')}</p> : null}
      <p>
        <a href={hrefOf('siteSettings', { site })}>{t('members_off_settings')}</a>
      </p>
    </div>
  );
}
