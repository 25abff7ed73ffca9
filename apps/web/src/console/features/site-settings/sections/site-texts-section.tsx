import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { LangCode } from '@kippu/contract/enums';
import type { LocalizedText } from '@kippu/contract/i18n-text';
import type { SiteTexts } from '@kippu/contract/console/settings-schemas';
import {
  SITE_TEXT_DOCUMENT_NAMES,
  SITE_TEXT_DOCUMENTS,
  type SiteTextDocument,
} from '@kippu/contract/console/settings-texts';
import { consoleCall } from '../../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../../shared/api/console-routes.ts';
import { CONSOLE_LANGS, HTML_LANG, LANG_NAMES, useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { LocalizedTextController } from '../../../shared/ui/localized-text-fields.tsx';
import { ErrorNotice, Loading } from '../../../shared/ui/ui.tsx';
import { SelectField } from '../fields.tsx';
import { NOTHING_CHANGED, SectionForm } from '../section-form.tsx';
import { settingsKeys } from '../settings-queries.ts';

type Values = { texts: Record<string, LocalizedText> };
type Change = { key: string; lang: LangCode; text: string | null };

const toLocalized = (byLang: Partial<Record<LangCode, string | null>>): LocalizedText =>
  Object.fromEntries(CONSOLE_LANGS.map((lang) => [lang, byLang[lang] ?? ''])) as LocalizedText;

/** The site's overrides that differ from what is stored: an emptied field removes one (the shared text again). */
export function textChanges(stored: SiteTexts, values: Values): Change[] {
  return stored.entries.flatMap((entry) =>
    CONSOLE_LANGS.flatMap((lang) => {
      const typed = values.texts[entry.key]?.[lang] ?? '';
      const next = typed.trim() === '' ? null : typed;
      return next === (entry.site[lang] ?? null) ? [] : [{ key: entry.key, lang, text: next }];
    }),
  );
}

/**
 * The site's legal texts (terms, privacy policy, the Specified Commercial Transactions Act notice) in six
 * languages: each part is the shared text unless the site writes its own; Preview shows the document as the
 * visitor page draws it, unsaved changes included.
 */
export function SiteTextsSection({ site, canWrite }: { site: string; canWrite: boolean }) {
  const { t } = useConsoleI18n();
  const texts = useQuery({
    queryKey: settingsKeys.texts(site),
    queryFn: () => consoleCall(R.consoleSiteTexts, { params: { site } }),
  });
  if (texts.isPending) return <Loading />;
  if (texts.error) return <ErrorNotice error={texts.error} />;
  return (
    <TextsForm site={site} stored={texts.data} canWrite={canWrite} title={t('site_settings_section_texts')} />
  );
}

function TextsForm({
  site,
  stored,
  canWrite,
  title,
}: {
  site: string;
  stored: SiteTexts;
  canWrite: boolean;
  title: string;
}) {
  const { t, lang: staffLang } = useConsoleI18n();
  const client = useQueryClient();
  const [document, setDocument] = useState<SiteTextDocument>('terms');
  const [previewLang, setPreviewLang] = useState<LangCode>(staffLang);
  const form = useForm<Values>({
    values: {
      texts: Object.fromEntries(stored.entries.map((entry) => [entry.key, toLocalized(entry.site)])),
    },
  });
  const byKey = new Map(stored.entries.map((entry) => [entry.key, entry]));
  const spec = SITE_TEXT_DOCUMENTS[document];
  const keys = [...(spec.intro ? [spec.intro] : []), ...spec.parts.flat()].filter((key) => byKey.has(key));
  const preview = useMutation({
    mutationFn: () =>
      consoleCall(R.consolePreviewSiteTexts, {
        params: { site },
        body: { document, lang: previewLang, changes: textChanges(stored, form.getValues()) },
      }),
  });
  const reload = () => client.refetchQueries({ queryKey: settingsKeys.texts(site) });
  return (
    <SectionForm
      title={title}
      intro={t('site_settings_texts_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={(path) => {
        // `changes.<n>.text`: the n-th change sent, which names its key and language.
        const index = /^changes\.(\d+)/.exec(path.replace(/\[(\d+)\]/g, '.$1'))?.[1];
        const change = index === undefined ? undefined : textChanges(stored, form.getValues())[Number(index)];
        return change ? (`texts.${change.key}.${change.lang}` as `texts.${string}`) : null;
      }}
      save={async (values) => {
        const changes = textChanges(stored, values);
        if (changes.length === 0) return NOTHING_CHANGED;
        const answer = await consoleCall(R.consoleUpdateSiteTexts, {
          params: { site },
          body: { expected_version: stored.version, changes },
        });
        client.setQueryData(settingsKeys.texts(site), answer);
        return answer;
      }}
    >
      <SelectField
        label={t('site_settings_text_document')}
        value={document}
        onChange={(event) => {
          setDocument(event.target.value as SiteTextDocument);
          preview.reset();
        }}
      >
        {SITE_TEXT_DOCUMENT_NAMES.map((name) => (
          <option key={name} value={name}>
            {t(`site_settings_document_${name}`)}
          </option>
        ))}
      </SelectField>
      {keys.map((key) => {
        const shared = byKey.get(key)!.shared[staffLang] ?? byKey.get(key)!.shared.ja ?? '';
        const part = spec.parts.findIndex((pair) => (pair as readonly string[]).includes(key));
        const isTitle = part >= 0 && spec.parts[part]![0] === key;
        const label =
          part < 0
            ? t('site_settings_text_intro')
            : isTitle
              ? t('site_settings_text_part_title', { n: part + 1 })
              : t('site_settings_text_part_text', { n: part + 1 });
        return (
          <LocalizedTextController
            key={key}
            control={form.control}
            name={`texts.${key}`}
            label={label}
            multiline={!isTitle}
            markMissing={false}
            hint={t('site_settings_text_shared', {
              text: shared.length > 160 ? `${shared.slice(0, 160)}…` : shared,
            })}
          />
        );
      })}
      <fieldset>
        <legend>{t('site_settings_preview')}</legend>
        <div className="ss-row">
          <SelectField
            label={t('site_settings_preview_lang')}
            value={previewLang}
            onChange={(event) => setPreviewLang(event.target.value as LangCode)}
          >
            {CONSOLE_LANGS.map((lang) => (
              <option key={lang} value={lang}>
                {LANG_NAMES[lang]}
              </option>
            ))}
          </SelectField>
          <div className="c-field">
            <button
              className="c-button"
              type="button"
              disabled={preview.isPending}
              onClick={() => preview.mutate()}
            >
              {t('site_settings_preview_show')}
            </button>
          </div>
        </div>
        <ErrorNotice error={preview.error} />
        {preview.data ? (
          <article
            className="ss-preview"
            lang={HTML_LANG[preview.data.lang]}
            aria-label={t('site_settings_preview_of', {
              document: t(`site_settings_document_${preview.data.document}`),
            })}
            tabIndex={0}
          >
            {preview.data.external_url ? (
              <p className="c-notice">
                {t('site_settings_preview_external', { url: preview.data.external_url })}
              </p>
            ) : null}
            <h3>{preview.data.title}</h3>
            {preview.data.intro ? <p>{preview.data.intro}</p> : null}
            {preview.data.sections.map((section, index) => (
              <section key={index}>
                <h4>{section.title}</h4>
                <p>{section.text}</p>
              </section>
            ))}
          </article>
        ) : null}
      </fieldset>
    </SectionForm>
  );
}
