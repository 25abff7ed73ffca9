import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { storedSiteSettingsSchema } from '@kippu/contract/site-settings';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { emptyLocalizedText, LocalizedTextController } from '../../../shared/ui/localized-text-fields.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { emptyToNull, fieldUnder, type SectionProps } from './section-props.ts';

const schema = z.object({ settings: storedSiteSettingsSchema.pick({ footer: true }) });
type Values = z.infer<typeof schema>;
type LinkKey =
  'appDownloadUrl' | 'exhibitionInfoUrl' | 'helpUrl' | 'termsUrl' | 'legalNoticeUrl' | 'privacyUrl';
const LINKS: readonly LinkKey[] = [
  'appDownloadUrl',
  'exhibitionInfoUrl',
  'helpUrl',
  'termsUrl',
  'legalNoticeUrl',
  'privacyUrl',
];
const MAX_EXTRA_LINKS = 2;

/** The visitor footer's links (an empty one is hidden, or the site's own page for the legal three). */
export function FooterSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { settings: { footer: data.settings.footer } },
  });
  const extra = useFieldArray({ control: form.control, name: 'settings.footer.extraLinks' });
  const errors = form.formState.errors.settings?.footer;
  return (
    <SectionForm
      title={t('site_settings_section_footer')}
      intro={t('site_settings_footer_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<'settings.footer'>('settings.footer')}
      save={(values) => save({ expected_version: data.version, settings: values.settings })}
    >
      <Check
        label={t('site_settings_provider_brand')}
        {...form.register('settings.footer.showProviderBrand')}
      />
      <Field
        label={t('site_settings_copyright')}
        error={fieldErrorText(t, errors?.copyright)}
        {...form.register('settings.footer.copyright', { setValueAs: emptyToNull })}
      />
      <div className="ss-grid">
        {LINKS.map((key) => (
          <Field
            key={key}
            type="url"
            inputMode="url"
            label={t(`site_settings_link_${key.toLowerCase()}`)}
            hint={t('site_settings_link_empty')}
            error={fieldErrorText(t, errors?.[key])}
            {...form.register(`settings.footer.${key}`, { setValueAs: emptyToNull })}
          />
        ))}
      </div>
      <fieldset>
        <legend>{t('site_settings_extra_links')}</legend>
        {extra.fields.map((link, index) => (
          <div key={link.id}>
            <LocalizedTextController
              control={form.control}
              name={`settings.footer.extraLinks.${index}.label`}
              label={t('site_settings_extra_link_label', { n: index + 1 })}
            />
            <div className="ss-row">
              <Field
                label={t('site_settings_extra_link_url', { n: index + 1 })}
                error={fieldErrorText(t, errors?.extraLinks?.[index]?.url)}
                {...form.register(`settings.footer.extraLinks.${index}.url`)}
              />
              <button className="c-button" type="button" onClick={() => extra.remove(index)}>
                {t('site_settings_remove_link', { n: index + 1 })}
              </button>
            </div>
          </div>
        ))}
        {extra.fields.length < MAX_EXTRA_LINKS ? (
          <button
            className="c-button"
            type="button"
            onClick={() => extra.append({ label: emptyLocalizedText(), url: '' })}
          >
            {t('site_settings_add_link')}
          </button>
        ) : null}
      </fieldset>
    </SectionForm>
  );
}
