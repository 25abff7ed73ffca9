import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type Control, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { fieldTemplateEditSchema } from '@kippu/contract/console/settings-schemas';
import { optionItemSchema } from '@kippu/contract/i18n-text';
import type { StoredOptionList } from '@kippu/contract/site-settings';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { emptyLocalizedText, LocalizedTextController } from '../../../shared/ui/localized-text-fields.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check, SelectField } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import type { SectionProps } from './section-props.ts';

/** A select list as the form edits it: a shared list by name, or the site's own items. */
const optionListForm = z
  .object({ mode: z.enum(['shared', 'own']), list: z.string(), items: z.array(optionItemSchema) })
  .refine((value) => value.mode === 'own' || value.list.trim() !== '', {
    path: ['list'],
    message: 'site_settings_list_name_required',
  });
type OptionListForm = z.infer<typeof optionListForm>;
const LISTS = ['residentArea', 'genderOptions', 'ageOptions', 'question1Items'] as const;
type ListName = (typeof LISTS)[number];

const schema = z.object({
  field_templates: z.array(fieldTemplateEditSchema),
  residentAreaInput: z.enum(['text', 'select']),
  lists: z.object(
    Object.fromEntries(LISTS.map((name) => [name, optionListForm])) as Record<
      ListName,
      typeof optionListForm
    >,
  ),
  mailMagazineDefault: z.boolean(),
  teamlabMailMagazineDefault: z.boolean(),
});
type Values = z.infer<typeof schema>;

const toForm = (list: StoredOptionList): OptionListForm =>
  'list' in list ? { mode: 'shared', list: list.list, items: [] } : { mode: 'own', list: '', items: list };
const fromForm = (list: OptionListForm): StoredOptionList =>
  list.mode === 'shared' ? { list: list.list.trim() } : list.items;

/**
 * The order form's sign-in fields (which show, which are required, their order) and the select lists they
 * offer: a shared list by its name (prefectures, countries, age bands) or the site's own items.
 */
export function SignInSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const signIn = data.settings.signIn;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      field_templates: data.field_templates,
      residentAreaInput: signIn.residentArea.inputType,
      lists: {
        residentArea: toForm(signIn.residentArea.options),
        genderOptions: toForm(signIn.genderOptions),
        ageOptions: toForm(signIn.ageOptions),
        question1Items: toForm(signIn.question1Items),
      },
      mailMagazineDefault: signIn.mailMagazineDefault,
      teamlabMailMagazineDefault: signIn.teamlabMailMagazineDefault,
    },
  });
  const fields = useFieldArray({ control: form.control, name: 'field_templates' });
  const errors = form.formState.errors;
  return (
    <SectionForm
      title={t('site_settings_section_sign_in')}
      intro={t('site_settings_sign_in_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={(path) => {
        const normal = path.replace(/\[(\d+)\]/g, '.$1');
        if (normal.startsWith('field_templates.')) return normal as 'field_templates';
        const list = /^settings\.signIn\.(\w+)/.exec(normal)?.[1];
        if (list === 'residentArea') return 'lists.residentArea.list';
        if (list && (LISTS as readonly string[]).includes(list)) return `lists.${list as ListName}.list`;
        return null;
      }}
      save={(values) =>
        save({
          expected_version: data.version,
          field_templates: values.field_templates,
          settings: {
            signIn: {
              residentArea: {
                inputType: values.residentAreaInput,
                options: fromForm(values.lists.residentArea),
              },
              genderOptions: fromForm(values.lists.genderOptions),
              ageOptions: fromForm(values.lists.ageOptions),
              question1Items: fromForm(values.lists.question1Items),
              mailMagazineDefault: values.mailMagazineDefault,
              teamlabMailMagazineDefault: values.teamlabMailMagazineDefault,
            },
          },
        })
      }
    >
      <fieldset>
        <legend>{t('site_settings_fields')}</legend>
        <div className="c-table-wrap" role="region" aria-label={t('site_settings_fields')} tabIndex={0}>
          <table className="c-table ss-fields">
            <thead>
              <tr>
                <th scope="col" className="c-num">
                  #
                </th>
                <th scope="col">{t('site_settings_col_field')}</th>
                <th scope="col">{t('site_settings_col_type')}</th>
                <th scope="col">{t('site_settings_col_shown')}</th>
                <th scope="col">{t('site_settings_col_required')}</th>
                <th scope="col">{t('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.fields.map((row, index) => {
                const name = form.watch(`field_templates.${index}.field_name`) || String(index + 1);
                const error = fieldErrorText(t, errors.field_templates?.[index]?.field_name);
                return (
                  <tr key={row.id}>
                    <td className="c-num">{index + 1}</td>
                    <td>
                      <input
                        className="c-select"
                        spellCheck={false}
                        aria-label={t('site_settings_field_name', { n: index + 1 })}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${row.id}-error` : undefined}
                        {...form.register(`field_templates.${index}.field_name`)}
                      />
                      {error ? (
                        <p id={`${row.id}-error`} className="c-field__error">
                          {error}
                        </p>
                      ) : null}
                    </td>
                    <td>
                      <select
                        className="c-select"
                        aria-label={t('site_settings_field_type', { name })}
                        {...form.register(`field_templates.${index}.field_type`)}
                      >
                        <option value="text">{t('site_settings_field_type_text')}</option>
                        <option value="select">{t('site_settings_field_type_select')}</option>
                      </select>
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        className="ss-box"
                        aria-label={t('site_settings_field_shown', { name })}
                        {...form.register(`field_templates.${index}.is_display`)}
                      />
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        className="ss-box"
                        aria-label={t('site_settings_field_required', { name })}
                        {...form.register(`field_templates.${index}.is_require`)}
                      />
                    </td>
                    <td>
                      <span className="c-actions">
                        <button
                          className="c-button c-button--small"
                          type="button"
                          aria-label={t('site_settings_move_up', { name })}
                          disabled={index === 0}
                          onClick={() => fields.swap(index, index - 1)}
                        >
                          ↑
                        </button>
                        <button
                          className="c-button c-button--small"
                          type="button"
                          aria-label={t('site_settings_move_down', { name })}
                          disabled={index === fields.fields.length - 1}
                          onClick={() => fields.swap(index, index + 1)}
                        >
                          ↓
                        </button>
                        <button
                          className="c-button c-button--small"
                          type="button"
                          aria-label={t('site_settings_remove_field', { name })}
                          onClick={() => fields.remove(index)}
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
        <button
          className="c-button"
          type="button"
          onClick={() =>
            fields.append({ field_name: '', field_type: 'text', is_display: true, is_require: false })
          }
        >
          {t('site_settings_add_field')}
        </button>
      </fieldset>
      <fieldset>
        <legend>{t('site_settings_defaults')}</legend>
        <Check label={t('site_settings_mail_magazine_default')} {...form.register('mailMagazineDefault')} />
        <Check
          label={t('site_settings_teamlab_mail_magazine_default')}
          {...form.register('teamlabMailMagazineDefault')}
        />
      </fieldset>
      <SelectField label={t('site_settings_resident_area_input')} {...form.register('residentAreaInput')}>
        <option value="text">{t('site_settings_field_type_text')}</option>
        <option value="select">{t('site_settings_field_type_select')}</option>
      </SelectField>
      {LISTS.map((name) => (
        <OptionListEditor key={name} form={form} name={name} />
      ))}
    </SectionForm>
  );
}

function OptionListEditor({ form, name }: { form: UseFormReturn<Values>; name: ListName }) {
  const { t } = useConsoleI18n();
  const mode = form.watch(`lists.${name}.mode`);
  const legend = t(`site_settings_list_${name.toLowerCase()}`);
  return (
    <fieldset>
      <legend>{legend}</legend>
      <SelectField
        label={t('site_settings_list_mode', { name: legend })}
        {...form.register(`lists.${name}.mode`)}
      >
        <option value="shared">{t('site_settings_list_shared')}</option>
        <option value="own">{t('site_settings_list_own')}</option>
      </SelectField>
      {mode === 'shared' ? (
        <Field
          label={t('site_settings_list_name', { name: legend })}
          spellCheck={false}
          error={fieldErrorText(t, form.formState.errors.lists?.[name]?.list)}
          {...form.register(`lists.${name}.list`)}
        />
      ) : (
        <OwnItems control={form.control} form={form} name={name} legend={legend} />
      )}
    </fieldset>
  );
}

function OwnItems({
  control,
  form,
  name,
  legend,
}: {
  control: Control<Values>;
  form: UseFormReturn<Values>;
  name: ListName;
  legend: string;
}) {
  const { t } = useConsoleI18n();
  const items = useFieldArray({ control, name: `lists.${name}.items` });
  return (
    <>
      {items.fields.map((item, index) => (
        <div key={item.id} className="ss-image">
          <LocalizedTextController
            control={control}
            name={`lists.${name}.items.${index}.text`}
            label={t('site_settings_item_text', { name: legend, n: index + 1 })}
          />
          <div>
            <Field
              label={t('site_settings_item_value', { name: legend, n: index + 1 })}
              spellCheck={false}
              {...form.register(`lists.${name}.items.${index}.value`)}
            />
            <button className="c-button c-button--small" type="button" onClick={() => items.remove(index)}>
              {t('site_settings_remove_item', { name: legend, n: index + 1 })}
            </button>
          </div>
        </div>
      ))}
      <button
        className="c-button"
        type="button"
        onClick={() => items.append({ value: '', text: emptyLocalizedText() })}
      >
        {t('site_settings_add_item', { name: legend })}
      </button>
    </>
  );
}
