import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LangCode } from '@kippu/contract/enums';
import { CONSOLE_LANGS, HTML_LANG, LANG_NAMES, useConsoleI18n } from '../shared/i18n/console-i18n.tsx';
import { hrefOf, type ScreenName } from '../shared/routing/console-paths.ts';
import { navigate } from '../shared/routing/use-hash.ts';
import { signOut, type ConsoleSession } from '../shared/session/session-api.ts';
import { useRefreshSession } from '../shared/session/use-session.ts';
import { allowedItems, SAME_ITEM, showsFor } from './navigation.ts';
import { ReauthenticateDialog } from './reauthenticate-dialog.tsx';

/**
 * The frame of every signed-in screen: the organisation, the site picker (the sites the membership covers),
 * the menu of what the role allows, language and sign-out. A skip link leads past it to the screen.
 */
export function Shell({
  session,
  screen,
  site,
  children,
}: {
  session: ConsoleSession;
  screen: ScreenName;
  site: string | undefined;
  children: ReactNode;
}) {
  const { t, lang, setLang } = useConsoleI18n();
  const refresh = useRefreshSession();
  const out = useMutation({ mutationFn: signOut, onSettled: refresh });
  const sites = session.sites ?? [];
  const items = allowedItems(session.permissions);
  // The site the per-site links are for: the one in the address, else the first.
  const chosen = sites.find((each) => each.code === (site ?? sites[0]?.code));
  const onDashboard = screen === 'dashboard' || screen === 'organisationDashboard';
  const pickSite = (code: string) => {
    // '' is every site: the organisation's dashboard, the one screen that has such a view.
    if (code === '') return navigate(hrefOf('organisationDashboard'));
    const picked = sites.find((each) => each.code === code);
    const current = items.find((item) => item.screen === (SAME_ITEM[screen] ?? screen));
    // The same screen for the other site, unless that site has no such link (Members without membership).
    const target =
      current?.perSite && showsFor(current, picked)
        ? current.screen
        : (items.find((item) => item.perSite && showsFor(item, picked))?.screen ?? 'home');
    navigate(hrefOf(target, { site: code }));
  };
  // This browser's choice; the account's own language (its mails') is set where the account is edited.
  const pickLang = (next: LangCode) => setLang(next);
  return (
    <div className="c-shell">
      <a
        className="c-skip"
        href="#c-main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('c-page-title')?.focus();
        }}
      >
        {t('skip_to_content')}
      </a>
      <header className="c-top">
        <p className="c-top__org">
          <span className="c-top__brand">Kippu</span> {session.organisation?.name}
        </p>
        {sites.length > 0 ? (
          <label className="c-top__site">
            <span>{t('site_picker')}</span>
            <select value={site ?? ''} onChange={(event) => pickSite(event.target.value)}>
              {site === undefined || onDashboard ? <option value="">{t('site_picker_all')}</option> : null}
              {sites.map((each) => (
                <option key={each.code} value={each.code}>
                  {each.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="c-top__lang">
          <span>{t('language')}</span>
          <select value={lang} onChange={(event) => pickLang(event.target.value as LangCode)}>
            {CONSOLE_LANGS.map((code) => (
              <option key={code} value={code} lang={HTML_LANG[code]}>
                {LANG_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <a className="c-top__me" href={hrefOf('account')}>
          {session.staff?.name}
        </a>
        <button className="c-button" type="button" onClick={() => out.mutate()}>
          {t('sign_out')}
        </button>
      </header>
      <nav className="c-nav" aria-label={t('nav_label')}>
        <ul>
          {items.map((item) => {
            const code = item.perSite ? chosen?.code : undefined;
            if (!showsFor(item, chosen)) return null;
            return (
              <li key={item.screen}>
                <a
                  href={hrefOf(item.screen, code ? { site: code } : {})}
                  aria-current={item.screen === (SAME_ITEM[screen] ?? screen) ? 'page' : undefined}
                >
                  {t(item.label)}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="c-main" className="c-main">
        {children}
      </main>
      <ReauthenticateDialog />
    </div>
  );
}
