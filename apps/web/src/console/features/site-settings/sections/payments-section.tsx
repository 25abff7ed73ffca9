import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { paymentMethodEditSchema } from '@kippu/contract/console/settings-schemas';
import { SALES_CHANNELS } from '@kippu/contract/enums';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { Check } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

const schema = z.object({ payment_methods: z.array(paymentMethodEditSchema) });
type Values = z.infer<typeof schema>;

/**
 * The payment methods of each sales channel: which are offered and in what order (the list's order is each
 * channel's position). Methods are the contract's; a gateway's keys are in Secrets.
 */
export function PaymentsSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { payment_methods: data.payment_methods },
  });
  const methods = useFieldArray({ control: form.control, name: 'payment_methods' });
  const channels = SALES_CHANNELS.filter((channel) => methods.fields.some((row) => row.channel === channel));
  return (
    <SectionForm
      title={t('site_settings_section_payments')}
      intro={t('site_settings_payments_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={fieldUnder<'payment_methods'>('payment_methods')}
      save={(values) => save({ expected_version: data.version, payment_methods: values.payment_methods })}
    >
      {channels.length === 0 ? <p>{t('site_settings_payments_none')}</p> : null}
      {channels.map((channel) => {
        // Indexes in the whole list of this channel's methods, in their order.
        const rows = methods.fields
          .map((row, index) => ({ row, index }))
          .filter(({ row }) => row.channel === channel);
        const channelName = t(`site_settings_channel_${channel.toLowerCase()}`);
        return (
          <fieldset key={channel}>
            <legend>{channelName}</legend>
            <ol className="ss-list">
              {rows.map(({ row, index }, position) => (
                <li key={row.id}>
                  <span className="ss-grow">
                    <Check
                      label={t('site_settings_method_enabled', { method: row.method, channel: channelName })}
                      {...form.register(`payment_methods.${index}.enabled`)}
                    />
                  </span>
                  <button
                    className="c-button c-button--small"
                    type="button"
                    aria-label={t('site_settings_move_up', { name: row.method })}
                    disabled={position === 0}
                    onClick={() => methods.swap(index, rows[position - 1]!.index)}
                  >
                    ↑
                  </button>
                  <button
                    className="c-button c-button--small"
                    type="button"
                    aria-label={t('site_settings_move_down', { name: row.method })}
                    disabled={position === rows.length - 1}
                    onClick={() => methods.swap(index, rows[position + 1]!.index)}
                  >
                    ↓
                  </button>
                </li>
              ))}
            </ol>
          </fieldset>
        );
      })}
    </SectionForm>
  );
}
