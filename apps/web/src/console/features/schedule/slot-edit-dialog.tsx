import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { updateSlotBodySchema } from '@kippu/contract/console/schedule-schemas';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import type { HeatSlot } from './heatmap-model.ts';

const slotFormSchema = updateSlotBodySchema
  .pick({ date: true, start_time: true, length_minutes: true, capacity: true, on_sale: true })
  .required();
type SlotForm = z.infer<typeof slotFormSchema>;
const FIELDS = ['date', 'start_time', 'length_minutes', 'capacity', 'on_sale'] as const;

/**
 * One slot by hand: its day, start, length, capacity and sale, sent with the version read
 * (`expected_version`): someone else's save in between answers console_edit_conflict, never a silent
 * overwrite. Only what changed is sent; the server marks the slot changed by hand (bulk edits may skip it).
 */
export function SlotEditDialog({
  site,
  slot,
  heatmapKey,
  onClose,
}: {
  site: string;
  slot: HeatSlot;
  heatmapKey: readonly unknown[];
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const length = Math.round((Date.parse(slot.ends_at) - Date.parse(slot.starts_at)) / 60_000);
  const initial: SlotForm = {
    date: slot.date,
    start_time: slot.start_time,
    length_minutes: length,
    capacity: slot.capacity,
    on_sale: slot.on_sale,
  };
  const form = useForm<SlotForm>({ resolver: zodResolver(slotFormSchema), defaultValues: initial });
  const save = useMutation({
    mutationFn: (values: SlotForm) => {
      const changed = Object.fromEntries(
        FIELDS.filter((key) => values[key] !== initial[key]).map((key) => [key, values[key]]),
      );
      return consoleCall(R.consoleUpdateSlot, {
        params: { site, id: String(slot.id) },
        body: { expected_version: slot.version, ...changed },
      });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: heatmapKey });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ConsoleApiError) {
        for (const issue of error.issues) {
          const field = issue.path.replace(/^body\./, '') as (typeof FIELDS)[number];
          if (FIELDS.includes(field)) form.setError(field, { type: 'server', message: issue.message });
        }
        // A newer version exists: read it, so the next try starts from it.
        if (isApiError(error, 'console_edit_conflict'))
          void client.invalidateQueries({ queryKey: heatmapKey });
      }
    },
  });
  const errors = form.formState.errors;
  const serverSays = (field: (typeof FIELDS)[number], fallback: string) =>
    errors[field] ? (errors[field].type === 'server' ? errorOfField(field) : fallback) : undefined;
  function errorOfField(field: (typeof FIELDS)[number]): string {
    if (field === 'capacity') return t('schedule_capacity_below', { taken: f.count(slot.sold + slot.held) });
    if (field === 'start_time' || field === 'date') return t('schedule_start_taken');
    return t('schedule_capacity_invalid');
  }
  const values = form.watch();
  const moves =
    values.date !== initial.date ||
    values.start_time !== initial.start_time ||
    values.length_minutes !== initial.length_minutes;
  const hasTickets = slot.sold + slot.held > 0;

  return (
    <Dialog
      title={t('schedule_edit_title', { date: f.day(slot.date), time: slot.start_time })}
      onClose={onClose}
    >
      <form noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <p className="c-muted">
          {t('schedule_edit_taken', { sold: f.count(slot.sold), held: f.count(slot.held) })}
        </p>
        <div className="sch-row">
          <Field
            type="date"
            label={t('schedule_date')}
            error={serverSays('date', t('schedule_date_invalid'))}
            {...form.register('date')}
          />
          <Field
            type="time"
            label={t('schedule_time')}
            error={serverSays('start_time', t('slot_generator_invalid_times_from'))}
            {...form.register('start_time')}
          />
        </div>
        <div className="sch-row">
          <Field
            type="number"
            inputMode="numeric"
            label={t('slot_generator_length')}
            error={serverSays('length_minutes', t('slot_generator_invalid_length_minutes'))}
            {...form.register('length_minutes', { valueAsNumber: true })}
          />
          <Field
            type="number"
            inputMode="numeric"
            label={t('schedule_capacity')}
            error={serverSays('capacity', t('schedule_capacity_invalid'))}
            {...form.register('capacity', { valueAsNumber: true })}
          />
        </div>
        <div className="sch-options">
          <label>
            <input type="checkbox" {...form.register('on_sale')} />
            {t('schedule_state_on_sale')}
          </label>
        </div>
        {moves && hasTickets ? <p className="c-notice">{t('schedule_edit_mails')}</p> : null}
        <ErrorNotice error={save.error} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
            {t('schedule_save')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('schedule_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
