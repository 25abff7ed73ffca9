import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { permits } from '@kippu/contract/console/permissions';
import { HEATMAP_POLL_MS, heatmapQuerySchema } from '@kippu/contract/console/schedule-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { BulkEditPanel } from './bulk-edit-panel.tsx';
import { CloseDayDialog } from './close-day-dialog.tsx';
import { HeatmapGrid } from './heatmap-grid.tsx';
import { addDays, buildGrid, selectedSlots, tokyoToday } from './heatmap-model.ts';
import { useProductName } from './product-name.ts';
import { TEXTS } from './texts.ts';
import './schedule.css';

/** Days the heatmap shows when the address names no range: today and the next fourteen. */
export const DEFAULT_DAYS = 14;

/**
 * Slots and capacity: the heatmap of a site's slots (days × start times, coloured by fill, live), bulk edits
 * of the chosen cells, and closing a day. Filters (product, range) live in the address, so the generator can
 * send the planner to the range it just made.
 */
export const ScheduleScreen = featureScreen(TEXTS, Body);

function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const productName = useProductName();
  const site = params.site!;
  const today = tokyoToday();
  const from = query.get('from') || today;
  const to = query.get('to') || addDays(from, DEFAULT_DAYS);
  const product = query.get('product') || undefined;
  const canWrite = permits(session.permissions?.schedule ?? 'none', 'write');
  const titleId = useId();

  const filters = heatmapQuerySchema.safeParse({ from, to, product });
  const rangeError = filters.success ? undefined : t('schedule_range_invalid', { days: 62 });
  const heatmapKey = ['console', 'schedule', 'heatmap', site, from, to, product ?? ''] as const;
  const heatmap = useQuery({
    queryKey: heatmapKey,
    queryFn: () => consoleCall(R.consoleScheduleHeatmap, { params: { site }, query: { from, to, product } }),
    enabled: filters.success,
    refetchInterval: HEATMAP_POLL_MS,
    placeholderData: keepPreviousData,
  });
  const data = heatmap.data;
  const grid = useMemo(
    () => buildGrid(data?.slots ?? [], data?.from ?? from, data?.to ?? to),
    [data, from, to],
  );
  const [selection, setSelection] = useState<Set<string>>(() => new Set());
  const chosen = useMemo(() => selectedSlots(grid, selection), [grid, selection]);
  const [closeDay, setCloseDay] = useState(false);

  const setFilter = (name: 'from' | 'to' | 'product', value: string) => {
    const next = new URLSearchParams({ from, to, ...(product ? { product } : {}) });
    if (value) next.set(name, value);
    else next.delete(name);
    setSelection(new Set());
    navigate(`${hrefOf('schedule', { site })}?${next.toString()}`);
  };

  const firstChosenDay = chosen.map((slot) => slot.date).sort()[0];

  return (
    <Page
      title={t('schedule_title')}
      actions={
        canWrite ? (
          <>
            <a className="c-button" href={hrefOf('slotGenerator', { site })}>
              {t('schedule_generate_link')}
            </a>
            <button className="c-button c-button--danger" type="button" onClick={() => setCloseDay(true)}>
              {t('schedule_close_day')}
            </button>
          </>
        ) : null
      }
    >
      <form
        className="c-filters"
        aria-label={t('schedule_filters')}
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="c-field">
          <label htmlFor="sch-product">{t('schedule_product')}</label>
          <select
            id="sch-product"
            className="c-select"
            value={product ?? ''}
            onChange={(event) => setFilter('product', event.target.value)}
          >
            <option value="">{t('schedule_all_products')}</option>
            {data?.products.map((each) => (
              <option key={each.uuid} value={each.uuid}>
                {productName(each.names)}
              </option>
            ))}
          </select>
        </div>
        <Field
          type="date"
          label={t('schedule_from')}
          value={from}
          onChange={(event) => setFilter('from', event.target.value)}
        />
        <Field
          type="date"
          label={t('schedule_to')}
          value={to}
          error={rangeError}
          onChange={(event) => setFilter('to', event.target.value)}
        />
      </form>
      {heatmap.isPending && filters.success ? <Loading /> : null}
      <ErrorNotice error={heatmap.error} />
      {data ? (
        <div className="sch-layout">
          <section className="sch-map" aria-labelledby={titleId}>
            <h2 id={titleId}>{t('schedule_heatmap', { from: f.day(from), to: f.day(to) })}</h2>
            <p className="c-muted" id={`${titleId}-help`}>
              {canWrite ? t('schedule_grid_help') : t('schedule_grid_help_read')}
            </p>
            <Legend />
            {grid.times.length === 0 ? (
              <p>
                {t('schedule_no_slots')}{' '}
                {canWrite ? (
                  <a href={hrefOf('slotGenerator', { site })}>{t('schedule_generate_link')}</a>
                ) : null}
              </p>
            ) : (
              <HeatmapGrid
                grid={grid}
                selection={selection}
                onSelection={setSelection}
                labelledBy={titleId}
              />
            )}
          </section>
          {canWrite ? <BulkEditPanel site={site} slots={chosen} heatmapKey={heatmapKey} /> : null}
        </div>
      ) : null}
      {closeDay ? (
        <CloseDayDialog
          sites={session.sites ?? []}
          site={site}
          date={firstChosenDay ?? today}
          onClose={() => setCloseDay(false)}
        />
      ) : null}
    </Page>
  );
}

/** What the colours and marks mean, in words beside their swatch (colour is never the only sign). */
function Legend() {
  const { t } = useConsoleI18n();
  const steps = [
    ['sch-fill-0', 'schedule_legend_empty'],
    ['sch-fill-1', 'schedule_legend_low'],
    ['sch-fill-2', 'schedule_legend_mid'],
    ['sch-fill-3', 'schedule_legend_high'],
    ['sch-fill-4', 'schedule_legend_almost'],
    ['sch-fill-5', 'schedule_legend_full'],
    ['sch-fill-1 sch-cell--closed', 'schedule_legend_closed'],
    ['sch-fill-1 sch-cell--hand', 'schedule_legend_by_hand'],
  ] as const;
  return (
    <ul className="sch-legend" aria-label={t('schedule_legend')}>
      {steps.map(([classes, key]) => (
        <li key={key}>
          <span className={`sch-swatch ${classes}`} aria-hidden="true">
            {classes.includes('closed') ? '×' : ''}
          </span>
          {t(key)}
        </li>
      ))}
    </ul>
  );
}
