import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { storedSiteSettingsSchema } from '@kippu/contract/site-settings';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check, SelectField } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

const schema = z.object({ settings: storedSiteSettingsSchema.pick({ ticketDisplay: true }) });
type Values = z.infer<typeof schema>;
const DEVICES = ['pc', 'sp'] as const;

/** How the visitor's ticket page looks: one ticket per page or together, its header's colour and logo. */
export function TicketDisplaySection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { settings: { ticketDisplay: data.settings.ticketDisplay } },
  });
  const errors = form.formState.errors.settings?.ticketDisplay;
  return (
    <SectionForm
      title={t('site_settings_section_ticket_display')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<'settings.ticketDisplay'>('settings.ticketDisplay')}
      save={(values) => save({ expected_version: data.version, settings: values.settings })}
    >
      <SelectField
        label={t('site_settings_display_type')}
        error={fieldErrorText(t, errors?.displayType)}
        {...form.register('settings.ticketDisplay.displayType')}
      >
        <option value="fusion">{t('site_settings_display_fusion')}</option>
        <option value="separate">{t('site_settings_display_separate')}</option>
      </SelectField>
      {DEVICES.map((device) => (
        <fieldset key={device}>
          <legend>{t(`site_settings_device_${device}`)}</legend>
          <Field
            label={t('site_settings_header_color')}
            spellCheck={false}
            error={fieldErrorText(t, errors?.headerColor?.[device])}
            {...form.register(`settings.ticketDisplay.headerColor.${device}`)}
          />
          <Check
            label={t('site_settings_header_logo')}
            {...form.register(`settings.ticketDisplay.headerLogo.${device}`)}
          />
        </fieldset>
      ))}
    </SectionForm>
  );
}
