import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CreateMoveBody, MoveFallback } from '@kippu/contract/console/moves-schemas';
import { permits } from '@kippu/contract/console/permissions';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { ErrorNotice, Loading } from '../../shared/ui/ui.tsx';
import { createMove, moveKeys, scheduleSlots } from './move-queries.ts';
import { MovePlan } from './move-plan.tsx';
import { SourceFields, type SourceChoice } from './move-source-fields.tsx';
import { TargetSlots } from './target-slots.tsx';
import { addDays, tokyoLocalToIso, tokyoToday } from './tokyo-dates.ts';

/** How many days of target slots to list (the heatmap's read allows 62); the next day alone by default. */
const TARGET_DAY_CHOICES = [1, 3, 7, 14] as const;
/** Days of the schedule the source's link opens: its day and the week after, where targets usually are. */
const SCHEDULE_DAYS = 8;

/** The source an address names: `?product=<uuid>&date=yyyy-MM-dd[&slot=<id>]` (a link from the schedule). */
function sourceFrom(query: URLSearchParams): SourceChoice {
  const slot = Number(query.get('slot'));
  const date = query.get('date') ?? '';
  return {
    product: query.get('product') ?? '',
    kind: slot > 0 ? 'slot' : 'day',
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : tokyoToday(),
    slotId: slot > 0 ? slot : null,
  };
}

/**
 * Planning a move: the source, the target slots with their free places, the fallback and the deadline; a
 * preview of the plan; then the run. A preview is valid only for the choices it was made for: any change
 * hides it, so what staff confirm is what they saw.
 */
/**
 * Whether the member may choose "refund" for what does not fit: the run's refunds have no approval step, so
 * the server asks refunds write without the box office's limit (ADR 079) and answers 404 otherwise.
 */
function mayRefund(session: ConsoleSession): boolean {
  return (
    permits(session.permissions?.refunds ?? 'none', 'write') && !session.limits?.refundsUpToOrganisationLimit
  );
}

export function MovePlanner({
  site,
  query,
  session,
}: {
  site: string;
  query: URLSearchParams;
  session: ConsoleSession;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const [source, setSource] = useState(() => sourceFrom(query));
  const [targetFrom, setTargetFrom] = useState(() => addDays(source.date, 1));
  const [targetDays, setTargetDays] = useState<number>(TARGET_DAY_CHOICES[0]);
  const [targets, setTargets] = useState<number[]>([]);
  const refundAllowed = mayRefund(session);
  const [fallback, setFallback] = useState<MoveFallback>(refundAllowed ? 'refund' : 'leave');
  const [deadline, setDeadline] = useState('');

  const day = useQuery({
    queryKey: moveKeys.slots(site, source.date, source.date, ''),
    queryFn: () => scheduleSlots(site, source.date, source.date, ''),
    placeholderData: keepPreviousData,
  });
  const targetTo = addDays(targetFrom, targetDays - 1);
  const targetSlots = useQuery({
    queryKey: moveKeys.slots(site, targetFrom, targetTo, source.product),
    queryFn: () => scheduleSlots(site, targetFrom, targetTo, source.product),
    enabled: source.product !== '',
  });
  const sourceIds = new Set(
    (day.data?.slots ?? [])
      .filter((slot) => slot.product_uuid === source.product)
      .filter((slot) => source.kind === 'day' || slot.id === source.slotId)
      .map((slot) => slot.id),
  );
  const candidates = (targetSlots.data?.slots ?? []).filter(
    (slot) => !slot.started && !sourceIds.has(slot.id),
  );

  const sourceBody: CreateMoveBody['source'] | null = !source.product
    ? null
    : source.kind === 'day'
      ? { kind: 'day', product_uuid: source.product, date: source.date }
      : source.slotId
        ? { kind: 'slot', slot_id: source.slotId }
        : null;
  const body: CreateMoveBody | null =
    sourceBody && targets.length > 0
      ? { source: sourceBody, target_slot_ids: targets, fallback, deadline: tokyoLocalToIso(deadline) }
      : null;
  const choice = JSON.stringify(body);

  const preview = useMutation({
    mutationFn: async (next: CreateMoveBody) => ({
      for: JSON.stringify(next),
      answer: await createMove(site, { ...next, preview: true }),
    }),
  });
  const start = useMutation({
    mutationFn: (next: CreateMoveBody) => createMove(site, { ...next, preview: false }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: moveKeys.all(site) });
      if (answer.move_id !== null) navigate(hrefOf('visitorMove', { site, moveId: String(answer.move_id) }));
    },
  });
  const plan = preview.data && preview.data.for === choice ? preview.data.answer.plan : null;

  return (
    <section className="c-panel c-panel--wide" aria-labelledby="c-move-new">
      <h2 id="c-move-new">{t('moves_new')}</h2>
      <p className="c-field__hint">{t('moves_new_text')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (body) preview.mutate(body);
        }}
      >
        <SourceFields
          value={source}
          day={day.data}
          onChange={(next) => {
            if (next.date !== source.date) setTargetFrom(addDays(next.date, 1));
            if (next.product !== source.product) setTargets([]);
            setSource(next);
          }}
        />
        {source.product ? (
          <p>
            <a
              className="c-link"
              href={`${hrefOf('schedule', { site })}?${new URLSearchParams({
                from: source.date,
                to: addDays(source.date, SCHEDULE_DAYS - 1),
                product: source.product,
              }).toString()}`}
            >
              {t('moves_see_schedule')}
            </a>
          </p>
        ) : null}
        {day.isPending ? <Loading /> : null}
        <ErrorNotice error={day.error} />
        {source.product ? (
          <fieldset className="c-move-fieldset">
            <legend>{t('moves_targets')}</legend>
            <div className="c-move-row">
              <div className="c-field">
                <label htmlFor="c-move-target-from">{t('moves_targets_from')}</label>
                <input
                  id="c-move-target-from"
                  type="date"
                  value={targetFrom}
                  onChange={(event) => event.target.value && setTargetFrom(event.target.value)}
                />
              </div>
              <div className="c-field">
                <label htmlFor="c-move-target-days">{t('moves_targets_days')}</label>
                <select
                  id="c-move-target-days"
                  className="c-select"
                  value={targetDays}
                  onChange={(event) => setTargetDays(Number(event.target.value))}
                >
                  {TARGET_DAY_CHOICES.map((days) => (
                    <option key={days} value={days}>
                      {t('moves_days', { days })}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <ErrorNotice error={targetSlots.error} />
            {targetSlots.data ? (
              <TargetSlots slots={candidates} chosen={targets} onChange={setTargets} />
            ) : null}
          </fieldset>
        ) : null}
        <fieldset className="c-move-fieldset">
          <legend>{t('moves_fallback')}</legend>
          <div className="c-checks">
            {(['refund', 'leave'] as const).map((each) => (
              <label key={each}>
                <input
                  type="radio"
                  name="c-move-fallback"
                  checked={fallback === each}
                  disabled={each === 'refund' && !refundAllowed}
                  onChange={() => setFallback(each)}
                />
                {t(`moves_fallback_${each}`)}
              </label>
            ))}
          </div>
          {refundAllowed ? null : <p className="c-field__hint">{t('moves_refund_not_allowed')}</p>}
          <div className="c-field">
            <label htmlFor="c-move-deadline">{t('moves_deadline')}</label>
            <input
              id="c-move-deadline"
              type="datetime-local"
              value={deadline}
              aria-describedby="c-move-deadline-hint"
              onChange={(event) => setDeadline(event.target.value)}
            />
            <p id="c-move-deadline-hint" className="c-field__hint">
              {t('moves_deadline_hint')}
            </p>
          </div>
        </fieldset>
        <p className="c-actions">
          <button className="c-button" type="submit" disabled={!body || preview.isPending}>
            {t('moves_preview')}
          </button>
          {!body ? <span className="c-field__hint">{t('moves_preview_needs')}</span> : null}
        </p>
      </form>
      <ErrorNotice error={preview.error} />
      {plan && body ? (
        <>
          <MovePlan plan={plan} />
          <p className="c-notice">{t('moves_confirm_text')}</p>
          <ErrorNotice error={start.error} />
          <button
            className="c-button c-button--primary"
            type="button"
            disabled={start.isPending || plan.counts.reservations === 0}
            onClick={() => start.mutate(body)}
          >
            {t('moves_start', { count: plan.counts.reservations })}
          </button>
        </>
      ) : null}
    </section>
  );
}
