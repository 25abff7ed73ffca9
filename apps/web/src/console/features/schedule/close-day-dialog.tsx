import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { closeDayBodySchema, type CloseDayResponse } from '@kippu/contract/console/schedule-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';

const closeDayFormSchema = closeDayBodySchema.omit({ preview: true });
type CloseDayForm = z.input<typeof closeDayFormSchema>;

/**
 * Close a day at the chosen sites: a preview first (slots to close, those already closed, and the orders,
 * tickets and visitors on that day), then the closing. The tickets stay valid; moving or refunding their
 * visitors is done from the orders screens (part 3), which this dialog says with the counts.
 */
export function CloseDayDialog({
  sites,
  site,
  date,
  onClose,
}: {
  sites: readonly { code: string; name: string }[];
  site: string;
  date: string;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const form = useForm<CloseDayForm>({
    resolver: zodResolver(closeDayFormSchema),
    defaultValues: { date, sites: [site] },
  });
  const [previewed, setPreviewed] = useState<{ key: string; answer: CloseDayResponse } | null>(null);
  const values = form.watch();
  const key = JSON.stringify({ date: values.date, sites: [...(values.sites ?? [])].sort() });
  const fresh = previewed?.key === key;
  const preview = useMutation({
    mutationFn: (body: CloseDayForm) => consoleCall(R.consoleCloseDay, { body: { ...body, preview: true } }),
    onSuccess: (answer, body) =>
      setPreviewed({ key: JSON.stringify({ date: body.date, sites: [...body.sites].sort() }), answer }),
  });
  const close = useMutation({
    mutationFn: (body: CloseDayForm) => consoleCall(R.consoleCloseDay, { body: { ...body, preview: false } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['console', 'schedule'] }),
  });
  const result = close.data ?? (fresh ? previewed.answer : undefined);
  const nameOf = new Map(sites.map((each) => [each.code, each.name]));
  const holders = result?.sites.reduce((sum, each) => sum + each.tickets, 0) ?? 0;

  return (
    <Dialog title={t('schedule_close_day_title')} onClose={onClose}>
      <form
        noValidate
        className="sch-close-day"
        onSubmit={form.handleSubmit((body) => {
          close.reset();
          preview.mutate(body);
        })}
      >
        <Field
          type="date"
          label={t('schedule_date')}
          error={form.formState.errors.date ? t('schedule_date_invalid') : undefined}
          disabled={close.isSuccess}
          {...form.register('date')}
        />
        <fieldset
          className="c-checks"
          aria-describedby={form.formState.errors.sites ? 'sch-close-sites-error' : undefined}
        >
          <legend>{t('schedule_close_day_sites')}</legend>
          {sites.map((each) => (
            <label key={each.code}>
              <input
                type="checkbox"
                value={each.code}
                disabled={close.isSuccess}
                {...form.register('sites')}
              />
              {each.name}
            </label>
          ))}
        </fieldset>
        {form.formState.errors.sites ? (
          <p id="sch-close-sites-error" className="c-field__error">
            {t('schedule_close_day_sites_required')}
          </p>
        ) : null}
        <ErrorNotice error={preview.error ?? close.error} />
        {result ? (
          <div role="status">
            <DataTable
              caption={close.data ? t('schedule_close_day_done') : t('schedule_close_day_preview')}
              rows={result.sites}
              rowKey={(row) => row.site}
              empty=""
              columns={[
                { key: 'site', header: t('schedule_site'), cell: (row) => nameOf.get(row.site) ?? row.site },
                {
                  key: 'closed',
                  header: t('schedule_close_day_slots'),
                  numeric: true,
                  cell: (row) => f.count(row.slots_closed),
                },
                {
                  key: 'already',
                  header: t('schedule_close_day_already'),
                  numeric: true,
                  cell: (row) => f.count(row.slots_already_closed),
                },
                {
                  key: 'orders',
                  header: t('schedule_orders'),
                  numeric: true,
                  cell: (row) => f.count(row.orders),
                },
                {
                  key: 'tickets',
                  header: t('schedule_tickets'),
                  numeric: true,
                  cell: (row) => f.count(row.tickets),
                },
                {
                  key: 'visitors',
                  header: t('schedule_visitors'),
                  numeric: true,
                  cell: (row) => f.count(row.visitors),
                },
              ]}
            />
            {holders > 0 ? <p className="c-notice">{t('schedule_close_day_part3')}</p> : null}
          </div>
        ) : null}
        <div className="c-actions">
          {close.isSuccess ? null : (
            <>
              <button className="c-button" type="submit" disabled={preview.isPending}>
                {t('schedule_preview')}
              </button>
              <button
                className="c-button c-button--danger"
                type="button"
                disabled={!fresh || close.isPending}
                onClick={() => close.mutate(closeDayFormSchema.parse(form.getValues()))}
              >
                {t('schedule_close_day_submit')}
              </button>
            </>
          )}
          <button className="c-button" type="button" onClick={onClose}>
            {close.isSuccess ? t('schedule_done') : t('schedule_cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
