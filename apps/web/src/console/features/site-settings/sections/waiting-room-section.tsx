import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConsoleI18n } from '../../../shared/i18n/console-i18n.tsx';
import { Field } from '../../../shared/ui/ui.tsx';
import { fieldErrorText } from '../field-error.ts';
import { Check } from '../fields.tsx';
import { SectionForm } from '../section-form.tsx';
import { useReloadSettings, useSaveSettings } from '../settings-queries.ts';
import { fieldUnder, type SectionProps } from './section-props.ts';

/**
 * Sale-start times are typed as Tokyo wall-clock times (`datetime-local`, no zone) and stored as ISO
 * date-times with the +09:00 offset: the venues are in Tokyo, whatever zone the staff member's device is in.
 */
const TOKYO_OFFSET = '+09:00';
export function toTokyoLocal(iso: string): string {
  const tokyo = new Date(new Date(iso).getTime() + 9 * 3600_000);
  return tokyo.toISOString().slice(0, 16);
}
export function fromTokyoLocal(local: string): string {
  return `${local.length === 16 ? `${local}:00` : local}${TOKYO_OFFSET}`;
}

const schema = z.object({
  enabled: z.boolean(),
  opensAt: z
    .array(z.object({ local: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'date') }))
    .max(200),
});
type Values = z.infer<typeof schema>;

/** The waiting room's switch and the sale-start times it opens for (the room itself comes later). */
export function WaitingRoomSection({ site, data, canWrite }: SectionProps) {
  const { t } = useConsoleI18n();
  const save = useSaveSettings(site);
  const reload = useReloadSettings(site);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: {
      enabled: data.waiting_room.enabled,
      opensAt: data.waiting_room.opensAt.map((iso) => ({ local: toTokyoLocal(iso) })),
    },
  });
  const times = useFieldArray({ control: form.control, name: 'opensAt' });
  const errors = form.formState.errors;
  return (
    <SectionForm
      title={t('site_settings_section_waiting_room')}
      intro={t('site_settings_waiting_room_intro')}
      form={form}
      canWrite={canWrite}
      reload={reload}
      fieldOf={(path) => {
        const match = /^waiting_room\.opensAt\.(\d+)/.exec(path.replace(/\[(\d+)\]/g, '.$1'));
        if (match) return `opensAt.${Number(match[1])}.local`;
        return fieldUnder<'enabled'>('waiting_room.enabled')(path) ? 'enabled' : null;
      }}
      save={(values) =>
        save({
          expected_version: data.version,
          waiting_room: {
            enabled: values.enabled,
            opensAt: values.opensAt.map((time) => fromTokyoLocal(time.local)),
          },
        })
      }
    >
      <Check label={t('site_settings_waiting_room_enabled')} {...form.register('enabled')} />
      <fieldset>
        <legend>{t('site_settings_sale_starts')}</legend>
        <p className="c-field__hint">{t('site_settings_tokyo_time')}</p>
        <ul className="ss-list">
          {times.fields.map((time, index) => (
            <li key={time.id}>
              <Field
                type="datetime-local"
                label={t('site_settings_sale_start', { n: index + 1 })}
                error={fieldErrorText(t, errors.opensAt?.[index]?.local)}
                {...form.register(`opensAt.${index}.local`)}
              />
              <button className="c-button c-button--small" type="button" onClick={() => times.remove(index)}>
                {t('site_settings_remove_sale_start', { n: index + 1 })}
              </button>
            </li>
          ))}
        </ul>
        <button className="c-button" type="button" onClick={() => times.append({ local: '' })}>
          {t('site_settings_add_sale_start')}
        </button>
      </fieldset>
    </SectionForm>
  );
}
