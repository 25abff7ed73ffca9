import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ORDER_PROCEDURES } from '@kippu/contract/enums';
import { serverSiteSettingsSchema } from '@kippu/contract/console/settings-schemas';
import { siteModeSchema, storedSiteSettingsSchema } from '@kippu/contract/site-settings';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { LocalizedTextController } from '../../../shared/ui/localized-text-fields.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check, SelectField } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, numberOrNull, type SectionProps } from './section-props.ts';

const schema = z.object({
  settings: storedSiteSettingsSchema.pick({
    name: true,
    pageTitle: true,
    layout: true,
    isMailConfirm: true,
    isOnlyStartMailConfirm: true,
    isUseMembershipLogin: true,
    completePage: true,
  }),
  server: serverSiteSettingsSchema.omit({ calendar_colorized: true }),
});
type Values = z.infer<typeof schema>;
/** The modes an operator may pick besides none (GET /configurations' `mode`, ADR 112 addendum). */
const SITE_MODES = siteModeSchema.unwrap().options;

/** The site's names and titles, how an order starts, mail confirmation, membership sign-in and limits. */
export function GeneralSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const { settings, server } = data;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      settings: {
        name: settings.name,
        pageTitle: settings.pageTitle,
        layout: settings.layout,
        isMailConfirm: settings.isMailConfirm,
        isOnlyStartMailConfirm: settings.isOnlyStartMailConfirm,
        isUseMembershipLogin: settings.isUseMembershipLogin,
        completePage: settings.completePage,
      },
      server: {
        hold_minutes: server.hold_minutes,
        few_stock_threshold: server.few_stock_threshold,
        max_open_orders_per_client: server.max_open_orders_per_client,
        max_tickets_per_client_slot: server.max_tickets_per_client_slot,
        mode: server.mode,
      },
    },
  });
  const errors = form.formState.errors;
  const number = (name: Exclude<keyof Values['server'], 'mode'>, nullable: boolean) =>
    form.register(`server.${name}`, { setValueAs: nullable ? numberOrNull : (value) => Number(value) });
  return (
    <SectionForm
      title={t('site_settings_section_general')}
      intro={t('site_settings_general_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<keyof Values & string>('settings', 'server')}
      save={(values) =>
        save({
          expected_version: data.version,
          settings: values.settings,
          server: values.server,
        })
      }
    >
      <LocalizedTextController control={form.control} name="settings.name" label={t('site_settings_name')} />
      <LocalizedTextController
        control={form.control}
        name="settings.pageTitle"
        label={t('site_settings_page_title')}
        hint={t('site_settings_page_title_hint')}
      />
      <SelectField
        label={t('site_settings_order_procedure')}
        error={fieldErrorText(t, errors.settings?.layout?.orderProcedure)}
        {...form.register('settings.layout.orderProcedure')}
      >
        {ORDER_PROCEDURES.map((procedure) => (
          <option key={procedure} value={procedure}>
            {t(`site_settings_procedure_${procedure.toLowerCase()}`)}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend>{t('site_settings_mail_and_login')}</legend>
        <Check
          label={t('site_settings_mail_confirm')}
          hint={t('site_settings_mail_confirm_hint')}
          {...form.register('settings.isMailConfirm')}
        />
        <Check
          label={t('site_settings_only_start_mail_confirm')}
          hint={t('site_settings_only_start_mail_confirm_hint')}
          {...form.register('settings.isOnlyStartMailConfirm')}
        />
        <Check
          label={t('site_settings_membership_login')}
          {...form.register('settings.isUseMembershipLogin')}
        />
        <Check
          label={t('site_settings_go_to_ticket')}
          {...form.register('settings.completePage.showGoToTicketButton')}
        />
      </fieldset>
      <fieldset>
        <legend>{t('site_settings_limits')}</legend>
        <div className="ss-grid">
          <Field
            type="number"
            inputMode="numeric"
            label={t('site_settings_hold_minutes')}
            hint={t('site_settings_empty_default')}
            error={fieldErrorText(t, errors.server?.hold_minutes)}
            {...number('hold_minutes', true)}
          />
          <Field
            type="number"
            inputMode="numeric"
            label={t('site_settings_few_stock')}
            error={fieldErrorText(t, errors.server?.few_stock_threshold)}
            {...number('few_stock_threshold', false)}
          />
          <Field
            type="number"
            inputMode="numeric"
            label={t('site_settings_max_open_orders')}
            hint={t('site_settings_empty_no_cap')}
            error={fieldErrorText(t, errors.server?.max_open_orders_per_client)}
            {...number('max_open_orders_per_client', true)}
          />
          <Field
            type="number"
            inputMode="numeric"
            label={t('site_settings_max_tickets_slot')}
            hint={t('site_settings_empty_no_cap')}
            error={fieldErrorText(t, errors.server?.max_tickets_per_client_slot)}
            {...number('max_tickets_per_client_slot', true)}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('site_settings_mode')}</legend>
        <SelectField
          label={t('site_settings_mode_label')}
          error={fieldErrorText(t, errors.server?.mode)}
          // The empty option is "no mode": the column's null.
          {...form.register('server.mode', { setValueAs: (value) => (value === '' ? null : value) })}
        >
          <option value="">{t('site_settings_mode_none')}</option>
          {SITE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {t(`site_settings_mode_${mode}`)}
            </option>
          ))}
        </SelectField>
        <p className="c-muted">{t('site_settings_mode_hint')}</p>
      </fieldset>
    </SectionForm>
  );
}
