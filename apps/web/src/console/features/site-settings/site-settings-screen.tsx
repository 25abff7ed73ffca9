import { permits } from '@kippu/contract/console/permissions';
import type { ComponentType } from 'react';
import { useEffect, useRef } from 'react';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { CalendarSection } from './sections/calendar-section.tsx';
import { FooterSection } from './sections/footer-section.tsx';
import { GeneralSection } from './sections/general-section.tsx';
import { ImagesSection } from './sections/images-section.tsx';
import { LanguagesSection } from './sections/languages-section.tsx';
import { PaymentsSection } from './sections/payments-section.tsx';
import { ScriptsSection } from './sections/scripts-section.tsx';
import { SecretsSection } from './sections/secrets-section.tsx';
import type { SectionProps } from './sections/section-props.ts';
import { SignInSection } from './sections/sign-in-section.tsx';
import { SiteTextsSection } from './sections/site-texts-section.tsx';
import { TicketDisplaySection } from './sections/ticket-display-section.tsx';
import { useSiteSettings } from './settings-queries.ts';
import { TEXTS } from './texts.ts';
import { UnsavedChanges } from './unsaved-changes.ts';
import './site-settings.css';

/** The sections in the list's order; each saves on its own with the version it read. */
const DOCUMENT_SECTIONS = {
  general: GeneralSection,
  languages: LanguagesSection,
  calendar: CalendarSection,
  signIn: SignInSection,
  footer: FooterSection,
  images: ImagesSection,
  ticketDisplay: TicketDisplaySection,
  scripts: ScriptsSection,
  payments: PaymentsSection,
} satisfies Record<string, ComponentType<SectionProps>>;
/** Sections with their own endpoints (and versions): they need not wait for the settings document. */
const OWN_SECTIONS = ['texts', 'secrets'] as const;
type Section = keyof typeof DOCUMENT_SECTIONS | (typeof OWN_SECTIONS)[number];
const SECTIONS = [...(Object.keys(DOCUMENT_SECTIONS) as (keyof typeof DOCUMENT_SECTIONS)[]), ...OWN_SECTIONS];

const sectionKey = (section: Section) => section.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The screen's address with a section (`#/sites/MORI/settings?section=images`): a section can be linked. */
export function sectionHref(site: string, section: Section): string {
  return `${hrefOf('siteSettings', { site })}?section=${section}`;
}

/** Whether the staff member may make sites (owner-like: settings write on every site), as the API decides. */
export function canCreateSites(session: Pick<ConsoleSession, 'permissions' | 'allSites'>): boolean {
  return Boolean(session.allSites && session.permissions && permits(session.permissions.settings, 'write'));
}

/**
 * A site's settings, one section at a time from the list beside it: general, calendar and colours, sign-in
 * fields, footer, images, ticket display, scripts, payment methods, the legal texts and
 * the secrets. A role with settings read sees them; with write, each section has its Save.
 */
export const SiteSettingsScreen = featureScreen(TEXTS, Body);

function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const site = params.site!;
  const asked = query.get('section') as Section | null;
  const section: Section = asked && (SECTIONS as readonly string[]).includes(asked) ? asked : 'general';
  const canWrite = Boolean(session.permissions && permits(session.permissions.settings, 'write'));
  const settings = useSiteSettings(site);
  const siteName = session.sites?.find((each) => each.code === site)?.name ?? site;
  const heading = useRef<HTMLDivElement>(null);
  const unsaved = useRef(false);
  const first = useRef(true);
  useEffect(() => {
    // A picked section takes focus to its heading (the screen's own h1 has it on the first render).
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [section]);
  const Document =
    section in DOCUMENT_SECTIONS ? DOCUMENT_SECTIONS[section as keyof typeof DOCUMENT_SECTIONS] : null;
  return (
    <Page
      title={t('site_settings_title_of', { site: siteName })}
      actions={
        canCreateSites(session) ? (
          <a className="c-button" href={hrefOf('newSite')}>
            {t('new_site_title')}
          </a>
        ) : null
      }
    >
      <div className="ss-layout">
        <nav className="ss-sections" aria-label={t('site_settings_sections')}>
          <ul>
            {SECTIONS.map((each) => (
              <li key={each}>
                <a
                  href={sectionHref(site, each)}
                  aria-current={each === section ? 'page' : undefined}
                  onClick={(event) => {
                    if (
                      each !== section &&
                      unsaved.current &&
                      !window.confirm(t('site_settings_leave_unsaved'))
                    )
                      event.preventDefault();
                  }}
                >
                  {t(`site_settings_section_${sectionKey(each)}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <UnsavedChanges value={unsaved}>
          <div ref={heading}>
            {section === 'texts' ? <SiteTextsSection key={site} site={site} canWrite={canWrite} /> : null}
            {section === 'secrets' ? <SecretsSection key={site} site={site} canWrite={canWrite} /> : null}
            {Document ? (
              <>
                {settings.isPending ? <Loading /> : null}
                <ErrorNotice error={settings.error} />
                {settings.data ? (
                  <Document key={site} site={site} data={settings.data} canWrite={canWrite} />
                ) : null}
              </>
            ) : null}
          </div>
        </UnsavedChanges>
      </div>
    </Page>
  );
}
