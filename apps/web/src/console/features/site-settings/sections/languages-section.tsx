import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { siteLanguageEditSchema } from '@kippu/contract/console/settings-schemas';
import { LANG_CODES } from '@kippu/contract/enums';
import { LANG_NAMES, useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

const schema = z.object({
  followBrowser: z.boolean(),
  languages: z
    .array(siteLanguageEditSchema)
    .min(1)
    .superRefine((languages, context) => {
      if (languages.filter((language) => language.is_default).length !== 1)
        context.addIssue({ code: 'custom', message: 'site_settings_one_default' });
      const codes = languages.map((language) => language.code);
      codes.forEach((code, index) => {
        if (codes.indexOf(code) !== index)
          context.addIssue({
            code: 'custom',
            path: [index, 'code'],
            message: 'site_settings_language_twice',
          });
      });
    }),
});
type Values = z.infer<typeof schema>;

/** The languages of the visitor's language picker: which, their names there, their order and the default. */
export function LanguagesSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { languages: data.languages, followBrowser: data.settings.language?.followBrowser ?? false },
  });
  const rows = useFieldArray({ control: form.control, name: 'languages' });
  const languages = form.watch('languages');
  const errors = form.formState.errors.languages;
  const unused = LANG_CODES.filter((code) => !languages.some((language) => language.code === code));
  return (
    <SectionForm
      title={t('site_settings_section_languages')}
      intro={t('site_settings_languages_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<'languages'>('languages')}
      save={(values) =>
        save({
          expected_version: data.version,
          languages: values.languages,
          settings: { language: { followBrowser: values.followBrowser } },
        })
      }
    >
      <Check
        label={t('site_settings_follow_browser_language')}
        hint={t('site_settings_follow_browser_language_hint')}
        {...form.register('followBrowser')}
      />
      <div className="c-table-wrap" role="region" aria-label={t('site_settings_languages_list')} tabIndex={0}>
        <table className="c-table ss-fields">
          <thead>
            <tr>
              <th scope="col">{t('site_settings_language')}</th>
              <th scope="col">{t('site_settings_language_display_name')}</th>
              <th scope="col">{t('site_settings_language_default')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.fields.map((row, index) => {
              const code = languages[index]?.code ?? row.code;
              const name = LANG_NAMES[code];
              const codeError = fieldErrorText(t, errors?.[index]?.code);
              const nameError = fieldErrorText(t, errors?.[index]?.display_name);
              return (
                <tr key={row.id}>
                  <td>
                    <select
                      className="c-select"
                      aria-label={t('site_settings_language_n', { n: index + 1 })}
                      aria-invalid={codeError ? true : undefined}
                      {...form.register(`languages.${index}.code`)}
                    >
                      {LANG_CODES.map((each) => (
                        <option key={each} value={each}>
                          {LANG_NAMES[each]} ({each})
                        </option>
                      ))}
                    </select>
                    {codeError ? <p className="c-field__error">{codeError}</p> : null}
                  </td>
                  <td>
                    <input
                      className="c-select"
                      aria-label={t('site_settings_language_display_name_of', { name })}
                      aria-invalid={nameError ? true : undefined}
                      {...form.register(`languages.${index}.display_name`)}
                    />
                    {nameError ? <p className="c-field__error">{nameError}</p> : null}
                  </td>
                  <td>
                    <input
                      type="radio"
                      className="ss-box"
                      name={`${site}-default-language`}
                      aria-label={t('site_settings_language_default_of', { name })}
                      checked={languages[index]?.is_default ?? false}
                      onChange={() =>
                        languages.forEach((_language, each) =>
                          form.setValue(`languages.${each}.is_default`, each === index, {
                            shouldDirty: true,
                          }),
                        )
                      }
                    />
                  </td>
                  <td>
                    <span className="c-actions">
                      <button
                        className="c-button c-button--small"
                        type="button"
                        aria-label={t('site_settings_move_up', { name })}
                        disabled={index === 0}
                        onClick={() => rows.swap(index, index - 1)}
                      >
                        ↑
                      </button>
                      <button
                        className="c-button c-button--small"
                        type="button"
                        aria-label={t('site_settings_move_down', { name })}
                        disabled={index === rows.fields.length - 1}
                        onClick={() => rows.swap(index, index + 1)}
                      >
                        ↓
                      </button>
                      <button
                        className="c-button c-button--small"
                        type="button"
                        aria-label={t('site_settings_remove_language', { name })}
                        disabled={rows.fields.length === 1}
                        onClick={() => rows.remove(index)}
                      >
                        ×
                      </button>
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {errors?.root?.message || errors?.message ? (
        <p className="c-field__error" role="alert">
          {t(errors.root?.message ?? errors.message ?? '')}
        </p>
      ) : null}
      {unused.length > 0 ? (
        <button
          className="c-button"
          type="button"
          onClick={() =>
            rows.append({ code: unused[0]!, display_name: LANG_NAMES[unused[0]!], is_default: false })
          }
        >
          {t('site_settings_add_language')}
        </button>
      ) : null}
    </SectionForm>
  );
}
