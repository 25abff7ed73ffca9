import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  HEATMAP_MAX_DAYS,
  generateSlotsBodySchema,
  type GenerateSlotsBody,
  type GenerateSlotsResponse,
} from '@kippu/contract/console/schedule-schemas';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { addDays, datesBetween, tokyoToday } from './heatmap-model.ts';
import { useProductName } from './product-name.ts';
import { TEXTS } from './texts.ts';
import './schedule.css';

/** The form as typed: times and excluded dates as text, numbers as numbers. */
export interface GeneratorForm {
  product_uuid: string;
  from: string;
  to: string;
  weekdays: string[];
  times_kind: 'list' | 'interval';
  times_list: string;
  times_from: string;
  times_to: string;
  every_minutes: number;
  length_minutes: number;
  capacity: number;
  on_sale: boolean;
  exclude_dates: string;
  exclude_holidays: boolean;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Days of the preview drawn at once (the counts say the rest). */
const PREVIEW_ROWS = 100;

/** The preview by day: the start times to create and those that exist, so a month is a screen, not a scroll. */
export function byDate(answer: GenerateSlotsResponse) {
  const days = new Map<string, { date: string; created: string[]; existing: string[] }>();
  const day = (date: string) => {
    let row = days.get(date);
    if (!row) days.set(date, (row = { date, created: [], existing: [] }));
    return row;
  };
  for (const slot of answer.created) day(slot.date).created.push(slot.start_time);
  for (const slot of answer.existing) day(slot.date).existing.push(slot.start_time);
  for (const row of days.values()) {
    row.created.sort();
    row.existing.sort();
  }
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const words = (text: string) =>
  text
    .split(/[\s,、，]+/)
    .map((word) => word.trim())
    .filter(Boolean);

/** A clock time typed as 9:00 or 0900 becomes 09:00; anything else is left for the schema to refuse. */
function clock(word: string): string {
  const match = /^(\d{1,2}):?(\d{2})$/.exec(word);
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : word;
}

/** The body the contract expects, from the form as typed. */
export function bodyOf(form: GeneratorForm): GenerateSlotsBody {
  return {
    product_uuid: form.product_uuid,
    from: form.from,
    to: form.to,
    weekdays: form.weekdays.map(Number),
    times:
      form.times_kind === 'list'
        ? { kind: 'list', times: words(form.times_list).map(clock) }
        : {
            kind: 'interval',
            from: clock(form.times_from.trim()),
            to: clock(form.times_to.trim()),
            every_minutes: form.every_minutes,
          },
    length_minutes: form.length_minutes,
    capacity: form.capacity,
    on_sale: form.on_sale,
    exclude_dates: words(form.exclude_dates),
    exclude_holidays: form.exclude_holidays,
  };
}

/** A body path (from zod or the API's `issues`) as the form field that shows it. */
export function fieldOfPath(fullPath: string): keyof GeneratorForm {
  // The API names body fields as `body.<path>`; zod as `<path>`.
  const path = fullPath.replace(/^body\./, '');
  if (path.startsWith('times.times')) return 'times_list';
  if (path === 'times.from') return 'times_from';
  if (path === 'times.to') return 'times_to';
  if (path.startsWith('times.every_minutes')) return 'every_minutes';
  if (path.startsWith('times')) return 'times_list';
  const first = path.split('.')[0] as keyof GeneratorForm;
  return first;
}

/** react-hook-form's resolver over the contract's schema: the form's text becomes the body, then zod checks. */
const resolver: Resolver<GeneratorForm> = (values) => {
  const result = generateSlotsBodySchema.safeParse(bodyOf(values));
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<GeneratorForm> = {};
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path.join('.'));
    if (!errors[field]) errors[field] = { type: 'schema', message: issue.message };
  }
  return { values: {}, errors };
};

/**
 * The slot generator: a product, a date range, weekdays, opening times (a list, or every N minutes from–to), a
 * slot length and capacity, dates to leave out (and Japanese public holidays). A preview lists what would be
 * created and what exists already (skipped, never duplicated); Create makes them in one go and opens the
 * heatmap on that range.
 */
export const SlotGeneratorScreen = featureScreen(TEXTS, Body);

function Body({ params }: FeatureScreenProps) {
  const site = params.site!;
  const { t } = useConsoleI18n();
  const f = useFormat();
  const productName = useProductName();
  const client = useQueryClient();
  const today = tokyoToday();
  // The site's products come with the heatmap's answer (one day is enough).
  const products = useQuery({
    queryKey: ['console', 'schedule', 'products', site],
    queryFn: () =>
      consoleCall(R.consoleScheduleHeatmap, { params: { site }, query: { from: today, to: today } }),
  });
  const form = useForm<GeneratorForm>({
    resolver,
    defaultValues: {
      product_uuid: '',
      from: today,
      to: addDays(today, 27),
      weekdays: WEEKDAYS.map(String),
      times_kind: 'interval',
      times_list: '10:00, 11:00, 13:00, 14:00',
      times_from: '10:00',
      times_to: '17:00',
      every_minutes: 30,
      length_minutes: 30,
      capacity: 40,
      on_sale: true,
      exclude_dates: '',
      exclude_holidays: false,
    },
  });
  const productList = products.data?.products;
  const { setValue, getValues } = form;
  useEffect(() => {
    if (productList?.[0] && !getValues('product_uuid')) setValue('product_uuid', productList[0].uuid);
  }, [productList, getValues, setValue]);

  const [previewed, setPreviewed] = useState<{ key: string; answer: GenerateSlotsResponse } | null>(null);
  const values = form.watch();
  const key = JSON.stringify(bodyOf(values));
  const fresh = previewed?.key === key;
  const resultRef = useRef<HTMLElement>(null);

  const showIssues = (error: unknown) => {
    if (!(error instanceof ConsoleApiError)) return;
    for (const issue of error.issues) {
      form.setError(fieldOfPath(issue.path), { type: 'server', message: issue.message });
    }
  };
  const preview = useMutation({
    mutationFn: (body: GenerateSlotsBody) =>
      consoleCall(R.consoleGenerateSlots, { params: { site }, body: { ...body, preview: true } }),
    onSuccess: (answer, body) => setPreviewed({ key: JSON.stringify(body), answer }),
    onError: showIssues,
  });
  const create = useMutation({
    mutationFn: (body: GenerateSlotsBody) =>
      consoleCall(R.consoleGenerateSlots, { params: { site }, body: { ...body, preview: false } }),
    onError: showIssues,
    onSuccess: async (_answer, body) => {
      await client.invalidateQueries({ queryKey: ['console', 'schedule'] });
      const last = datesBetween(body.from, body.to).slice(0, HEATMAP_MAX_DAYS).at(-1) ?? body.to;
      const query = new URLSearchParams({ from: body.from, to: last, product: body.product_uuid });
      navigate(`${hrefOf('schedule', { site })}?${query.toString()}`);
    },
  });
  useEffect(() => {
    if (previewed) resultRef.current?.focus();
  }, [previewed]);

  const errors = form.formState.errors;
  const errorOf = (field: keyof GeneratorForm) =>
    errors[field] ? t(`slot_generator_invalid_${field}`) : undefined;
  const kind = form.watch('times_kind');
  const answer = fresh ? previewed.answer : undefined;
  const rows = answer ? byDate(answer) : [];

  return (
    <Page
      title={t('slot_generator_title')}
      actions={
        <a className="c-button" href={hrefOf('schedule', { site })}>
          {t('slot_generator_back')}
        </a>
      }
    >
      {products.isPending ? <Loading /> : null}
      <ErrorNotice error={products.error} />
      <form
        className="c-panel sch-generator"
        noValidate
        onSubmit={form.handleSubmit((formValues) => {
          create.reset();
          preview.mutate(bodyOf(formValues));
        })}
      >
        <div className="c-field">
          <label htmlFor="sch-gen-product">{t('schedule_product')}</label>
          <select
            id="sch-gen-product"
            className="c-select"
            aria-invalid={errors.product_uuid ? true : undefined}
            aria-describedby={errors.product_uuid ? 'sch-gen-product-error' : undefined}
            {...form.register('product_uuid')}
          >
            {productList?.map((each) => (
              <option key={each.uuid} value={each.uuid}>
                {productName(each.names)}
              </option>
            ))}
          </select>
          {errors.product_uuid ? (
            <p id="sch-gen-product-error" className="c-field__error">
              {t('slot_generator_invalid_product_uuid')}
            </p>
          ) : null}
        </div>
        <div className="sch-row">
          <Field type="date" label={t('schedule_from')} error={errorOf('from')} {...form.register('from')} />
          <Field type="date" label={t('schedule_to')} error={errorOf('to')} {...form.register('to')} />
        </div>
        <fieldset
          className="sch-weekdays"
          aria-describedby={errors.weekdays ? 'sch-gen-weekdays-error' : undefined}
        >
          <legend>{t('slot_generator_weekdays')}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day}>
              <input type="checkbox" value={String(day)} {...form.register('weekdays')} />
              {t(`slot_generator_weekday_${day}`)}
            </label>
          ))}
        </fieldset>
        {errors.weekdays ? (
          <p id="sch-gen-weekdays-error" className="c-field__error">
            {t('slot_generator_invalid_weekdays')}
          </p>
        ) : null}
        <fieldset className="sch-kinds">
          <legend>{t('slot_generator_times')}</legend>
          <label>
            <input type="radio" value="interval" {...form.register('times_kind')} />
            {t('slot_generator_times_interval')}
          </label>
          <label>
            <input type="radio" value="list" {...form.register('times_kind')} />
            {t('slot_generator_times_list')}
          </label>
        </fieldset>
        {kind === 'list' ? (
          <Field
            label={t('slot_generator_times_list_field')}
            hint={t('slot_generator_times_list_hint')}
            error={errorOf('times_list')}
            {...form.register('times_list')}
          />
        ) : (
          <div className="sch-row">
            <Field
              label={t('slot_generator_every')}
              type="number"
              inputMode="numeric"
              min={5}
              step={5}
              error={errorOf('every_minutes')}
              {...form.register('every_minutes', { valueAsNumber: true })}
            />
            <Field
              type="time"
              label={t('slot_generator_first')}
              error={errorOf('times_from')}
              {...form.register('times_from')}
            />
            <Field
              type="time"
              label={t('slot_generator_last')}
              error={errorOf('times_to')}
              {...form.register('times_to')}
            />
          </div>
        )}
        <div className="sch-row">
          <Field
            label={t('slot_generator_length')}
            type="number"
            inputMode="numeric"
            min={5}
            step={5}
            error={errorOf('length_minutes')}
            {...form.register('length_minutes', { valueAsNumber: true })}
          />
          <Field
            label={t('schedule_capacity')}
            type="number"
            inputMode="numeric"
            min={0}
            error={errorOf('capacity')}
            {...form.register('capacity', { valueAsNumber: true })}
          />
        </div>
        <Field
          label={t('slot_generator_exclude_dates')}
          hint={t('slot_generator_exclude_dates_hint')}
          error={errorOf('exclude_dates')}
          {...form.register('exclude_dates')}
        />
        <div className="sch-options">
          <label>
            <input type="checkbox" {...form.register('exclude_holidays')} />
            {t('slot_generator_exclude_holidays')}
          </label>
          <label>
            <input type="checkbox" {...form.register('on_sale')} />
            {t('slot_generator_on_sale')}
          </label>
        </div>
        <ErrorNotice error={preview.error ?? create.error} />
        <div className="c-actions">
          <button className="c-button" type="submit" disabled={preview.isPending}>
            {t('schedule_preview')}
          </button>
          <button
            className="c-button c-button--primary"
            type="button"
            disabled={!fresh || create.isPending || !answer?.created.length}
            onClick={() => create.mutate(bodyOf(form.getValues()))}
          >
            {answer
              ? t('slot_generator_create_count', { count: f.count(answer.created.length) })
              : t('slot_generator_create')}
          </button>
        </div>
        {previewed && !fresh ? <p className="c-muted">{t('schedule_preview_stale')}</p> : null}
      </form>
      {answer ? (
        <section ref={resultRef} tabIndex={-1} className="sch-preview" aria-labelledby="sch-gen-preview">
          <h2 id="sch-gen-preview">{t('schedule_preview_title')}</h2>
          <p>
            {t('slot_generator_preview_counts', {
              created: f.count(answer.created.length),
              existing: f.count(answer.existing.length),
              excluded: f.count(answer.excluded.length),
            })}
          </p>
          {answer.excluded.length > 0 ? (
            <p>
              {t('slot_generator_excluded', {
                dates: answer.excluded
                  .map((each) =>
                    each.holiday_name ? `${f.day(each.date)} (${each.holiday_name})` : f.day(each.date),
                  )
                  .join(t('schedule_list_separator')),
              })}
            </p>
          ) : null}
          <DataTable
            caption={t('slot_generator_preview_caption')}
            rows={rows.slice(0, PREVIEW_ROWS)}
            rowKey={(row) => row.date}
            empty={t('slot_generator_nothing')}
            columns={[
              { key: 'date', header: t('schedule_date'), cell: (row) => f.day(row.date) },
              {
                key: 'create',
                header: t('slot_generator_to_create'),
                cell: (row) =>
                  row.created.length > 0 ? (
                    <span className="c-status--ok">
                      {t('slot_generator_times_of_day', {
                        count: f.count(row.created.length),
                        times: row.created.join(' '),
                      })}
                    </span>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'exists',
                header: t('slot_generator_exists'),
                cell: (row) =>
                  row.existing.length > 0
                    ? t('slot_generator_times_of_day', {
                        count: f.count(row.existing.length),
                        times: row.existing.join(' '),
                      })
                    : '—',
              },
            ]}
          />
          {rows.length > PREVIEW_ROWS ? (
            <p className="c-muted">
              {t('schedule_changes_more', { count: f.count(rows.length - PREVIEW_ROWS) })}
            </p>
          ) : null}
        </section>
      ) : null}
    </Page>
  );
}
