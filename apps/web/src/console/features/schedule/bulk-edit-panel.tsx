import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  bulkEditSlotsBodySchema,
  type BulkEditSlotsBody,
  type BulkEditSlotsResponse,
} from '@kippu/contract/console/schedule-schemas';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Field } from '../../shared/ui/ui.tsx';
import type { HeatSlot } from './heatmap-model.ts';
import { SlotEditDialog } from './slot-edit-dialog.tsx';

/** The form's part of the bulk edit (the slots come from the heatmap's selection). */
const bulkFormSchema = bulkEditSlotsBodySchema.pick({
  action: true,
  future_only: true,
  skip_edited_by_hand: true,
  refuse_if_tickets: true,
});
type BulkForm = z.input<typeof bulkFormSchema>;
type Kind = BulkEditSlotsBody['action']['kind'];
const KINDS: readonly Kind[] = ['set_capacity', 'close', 'reopen', 'shift'];
/** Rows of a preview's change list drawn at once (the count says the rest). */
const CHANGES_SHOWN = 100;

/**
 * A preview's body: the form and the selection with the versions the heatmap read. Refusing slots with tickets
 * is a shift's option only (other actions never move a ticket).
 */
function bodyOf(values: BulkForm, slots: readonly HeatSlot[]): BulkEditSlotsBody {
  const parsed = bulkFormSchema.parse(values);
  return {
    ...parsed,
    refuse_if_tickets: parsed.action.kind === 'shift' && parsed.refuse_if_tickets,
    slots: slots.map((slot) => ({ id: slot.id, version: slot.version })),
    preview: true,
  };
}

/** What a preview answered for: the body without the versions (the heatmap's poll may renew those). */
function questionOf(body: BulkEditSlotsBody): string {
  return JSON.stringify({ ...body, slots: body.slots.map((slot) => slot.id) });
}

/**
 * Bulk edits of the heatmap's selection: set capacity, close, reopen or shift by minutes, with "future slots
 * only" and "skip slots changed by hand" (and for a shift "do not shift slots that have tickets"). A preview
 * comes first (what changes, what is skipped, which slots would fall below sold + held, who would be mailed);
 * Save sends exactly what was previewed, with the slot versions the preview answered, and is refused while
 * the preview shows slots below what they have taken (as the API refuses them). A slot changed since the
 * preview (console_edit_conflict) or sales since it (below taken) preview again, so the list is true.
 */
export function BulkEditPanel({
  site,
  slots,
  heatmapKey,
}: {
  site: string;
  slots: readonly HeatSlot[];
  heatmapKey: readonly unknown[];
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const titleId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLElement>(null);
  const form = useForm<BulkForm>({
    resolver: zodResolver(bulkFormSchema),
    defaultValues: {
      action: { kind: 'set_capacity' },
      future_only: true,
      skip_edited_by_hand: false,
      refuse_if_tickets: false,
    },
  });
  const [previewed, setPreviewed] = useState<{
    body: BulkEditSlotsBody;
    answer: BulkEditSlotsResponse;
  } | null>(null);
  const idsKey = slots.map((slot) => slot.id).join(',');
  const kind = form.watch('action.kind');
  const values = form.watch();
  let currentKey = '';
  try {
    currentKey = questionOf(bodyOf(values, slots));
  } catch {
    currentKey = '';
  }
  const fresh = previewed !== null && questionOf(previewed.body) === currentKey;

  const preview = useMutation({
    mutationFn: (body: BulkEditSlotsBody) => consoleCall(R.consoleBulkEditSlots, { params: { site }, body }),
    onSuccess: (answer, body) => setPreviewed({ body, answer }),
  });
  const save = useMutation({
    mutationFn: (saved: { body: BulkEditSlotsBody; answer: BulkEditSlotsResponse }) =>
      consoleCall(R.consoleBulkEditSlots, {
        params: { site },
        // The versions the preview answered: a slot changed since is refused (console_edit_conflict).
        body: { ...saved.body, slots: saved.answer.slots, preview: false },
      }),
    onSuccess: () => {
      setPreviewed(null);
      return client.invalidateQueries({ queryKey: heatmapKey });
    },
    // A slot changed since the preview, or sales since it put a slot below its new capacity: preview again,
    // so the list shows the slots as they are now (the notice says why).
    onError: (error, saved) => {
      if (isApiError(error, 'console_edit_conflict') || isApiError(error, 'console_capacity_below_taken'))
        preview.mutate(saved.body);
    },
  });

  // A new selection is a new question: the old preview and result no longer apply.
  const { reset: resetPreview } = preview;
  const { reset: resetSave } = save;
  useEffect(() => {
    setPreviewed(null);
    resetPreview();
    resetSave();
  }, [idsKey, resetPreview, resetSave]);

  // Focus follows the answer: the preview when it comes, the saved notice after a save.
  useEffect(() => {
    if (previewed) previewRef.current?.focus();
  }, [previewed]);
  useEffect(() => {
    if (save.isSuccess) resultRef.current?.focus();
  }, [save.isSuccess]);

  const [editing, setEditing] = useState(false);
  const withTickets = slots.filter((slot) => slot.sold + slot.held > 0);
  const answer = previewed?.answer;
  const skippedBy = (reason: string) => answer?.skipped.filter((skip) => skip.reason === reason).length ?? 0;
  const errors = form.formState.errors;
  const actionErrors = errors.action as { capacity?: unknown; minutes?: unknown } | undefined;

  return (
    <section className="c-panel sch-bulk" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('schedule_bulk_title')}</h2>
      <p aria-live="polite">
        {slots.length === 0
          ? t('schedule_bulk_none')
          : t('schedule_bulk_selected', {
              slots: f.count(slots.length),
              tickets: f.count(withTickets.length),
            })}
      </p>
      {slots.length === 1 ? (
        <p>
          <button className="c-button" type="button" onClick={() => setEditing(true)}>
            {t('schedule_edit_one')}
          </button>
        </p>
      ) : null}
      {editing && slots.length === 1
        ? // Out of the sticky panel (a stacking context of its own), so the backdrop covers the whole page.
          createPortal(
            <SlotEditDialog
              site={site}
              slot={slots[0]!}
              heatmapKey={heatmapKey}
              onClose={() => setEditing(false)}
            />,
            document.body,
          )
        : null}
      <form
        noValidate
        onSubmit={form.handleSubmit((formValues) => {
          save.reset();
          preview.mutate(bodyOf(formValues, slots));
        })}
      >
        <fieldset className="sch-kinds">
          <legend>{t('schedule_bulk_action')}</legend>
          {KINDS.map((each) => (
            <label key={each}>
              <input type="radio" value={each} {...form.register('action.kind')} />
              {t(`schedule_action_${each}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'set_capacity' ? (
          <Field
            type="number"
            inputMode="numeric"
            label={t('schedule_capacity')}
            error={actionErrors?.capacity ? t('schedule_capacity_invalid') : undefined}
            min={0}
            {...form.register('action.capacity', { valueAsNumber: true })}
          />
        ) : null}
        {kind === 'shift' ? (
          <Field
            type="number"
            inputMode="numeric"
            label={t('schedule_shift_minutes')}
            hint={t('schedule_shift_hint')}
            error={actionErrors?.minutes ? t('schedule_shift_invalid') : undefined}
            step={5}
            {...form.register('action.minutes', { valueAsNumber: true })}
          />
        ) : null}
        <div className="sch-options">
          <label>
            <input type="checkbox" {...form.register('future_only')} />
            {t('schedule_future_only')}
          </label>
          <label>
            <input type="checkbox" {...form.register('skip_edited_by_hand')} />
            {t('schedule_skip_by_hand')}
          </label>
          {kind === 'shift' ? (
            <label>
              <input type="checkbox" {...form.register('refuse_if_tickets')} />
              {t('schedule_refuse_if_tickets')}
            </label>
          ) : null}
        </div>
        <div className="c-actions">
          <button className="c-button" type="submit" disabled={slots.length === 0 || preview.isPending}>
            {t('schedule_preview')}
          </button>
          <button
            className="c-button c-button--primary"
            type="button"
            disabled={
              !fresh || save.isPending || (answer?.below_taken.length ?? 0) > 0 || !answer?.changes.length
            }
            onClick={() => previewed && save.mutate(previewed)}
          >
            {t('schedule_save')}
          </button>
        </div>
        {previewed && !fresh ? <p className="c-muted">{t('schedule_preview_stale')}</p> : null}
      </form>
      <ErrorNotice error={preview.error ?? save.error} />
      <IssueSlots error={save.error} slots={slots} />
      {isApiError(save.error, 'console_edit_conflict') ? (
        <p className="c-muted">{t('schedule_conflict_previewed_again')}</p>
      ) : null}
      {isApiError(save.error, 'console_slot_has_tickets') ? (
        <p className="c-notice">{t('schedule_tickets_move_elsewhere')}</p>
      ) : null}
      {save.data ? (
        <div ref={resultRef} tabIndex={-1} className="c-notice c-notice--ok" role="status">
          <p>
            {t('schedule_saved', {
              changed: f.count(save.data.changes.length),
              skipped: f.count(save.data.skipped.length),
            })}
          </p>
          {save.data.mails > 0 ? (
            <p>{t('schedule_saved_mails', { mails: f.count(save.data.mails) })}</p>
          ) : null}
        </div>
      ) : null}
      {answer && fresh ? (
        <section
          ref={previewRef}
          tabIndex={-1}
          className="sch-preview"
          aria-labelledby={`${titleId}-preview`}
        >
          <h3 id={`${titleId}-preview`}>{t('schedule_preview_title')}</h3>
          <p>
            {t('schedule_preview_counts', {
              changed: f.count(answer.changes.length),
              started: f.count(skippedBy('started')),
              by_hand: f.count(skippedBy('edited_by_hand')),
              unchanged: f.count(skippedBy('unchanged')),
            })}
          </p>
          {answer.below_taken.length > 0 ? (
            <div className="c-notice c-notice--error" role="alert">
              <p>{t('schedule_below_taken', { count: f.count(answer.below_taken.length) })}</p>
              <DataTable
                caption={t('schedule_below_taken_caption')}
                rows={answer.below_taken}
                rowKey={(row) => row.slot_id}
                empty=""
                columns={[
                  { key: 'date', header: t('schedule_date'), cell: (row) => f.day(row.date) },
                  { key: 'time', header: t('schedule_time'), cell: (row) => row.start_time },
                  {
                    key: 'capacity',
                    header: t('schedule_new_capacity'),
                    numeric: true,
                    cell: (row) => f.count(row.capacity),
                  },
                  {
                    key: 'sold',
                    header: t('schedule_sold'),
                    numeric: true,
                    cell: (row) => f.count(row.sold),
                  },
                  {
                    key: 'held',
                    header: t('schedule_held'),
                    numeric: true,
                    cell: (row) => f.count(row.held),
                  },
                  {
                    key: 'allotted',
                    header: t('schedule_allotted'),
                    numeric: true,
                    cell: (row) => f.count(row.allotted),
                  },
                  {
                    key: 'short',
                    header: t('schedule_short_by'),
                    numeric: true,
                    cell: (row) => f.count(row.short_by),
                  },
                ]}
              />
            </div>
          ) : null}
          {previewed.body.action.kind === 'shift' && answer.slots_with_tickets > 0 ? (
            <p className="c-notice">
              {previewed.body.refuse_if_tickets
                ? t('schedule_shift_will_refuse', {
                    tickets: f.count(answer.tickets),
                    slots: f.count(answer.slots_with_tickets),
                  })
                : t('schedule_shift_mails', {
                    tickets: f.count(answer.tickets),
                    slots: f.count(answer.slots_with_tickets),
                  })}
            </p>
          ) : null}
          {previewed.body.action.kind === 'close' && answer.slots_with_tickets > 0 ? (
            <p className="c-notice">
              {t('schedule_close_tickets_stay', {
                tickets: f.count(answer.tickets),
                slots: f.count(answer.slots_with_tickets),
              })}
            </p>
          ) : null}
          <DataTable
            caption={t('schedule_changes_caption')}
            rows={answer.changes.slice(0, CHANGES_SHOWN)}
            rowKey={(row) => row.slot_id}
            empty={t('schedule_no_changes')}
            columns={[
              {
                key: 'slot',
                header: t('schedule_slot'),
                cell: (row) => `${f.day(row.before.date)} ${row.before.start_time}`,
              },
              { key: 'before', header: t('schedule_before'), cell: (row) => describe(row, 'before') },
              { key: 'after', header: t('schedule_after'), cell: (row) => describe(row, 'after') },
            ]}
          />
          {answer.changes.length > CHANGES_SHOWN ? (
            <p className="c-muted">
              {t('schedule_changes_more', { count: f.count(answer.changes.length - CHANGES_SHOWN) })}
            </p>
          ) : null}
        </section>
      ) : null}
    </section>
  );

  /** What the action changes of a slot, and only that: its capacity, its sale, or its times. */
  function describe(change: BulkEditSlotsResponse['changes'][number], side: 'before' | 'after'): string {
    const slot = change[side];
    switch (previewed?.body.action.kind) {
      case 'set_capacity':
        return f.count(slot.capacity);
      case 'close':
      case 'reopen':
        return slot.on_sale ? t('schedule_state_on_sale') : t('schedule_state_closed');
      default:
        // A shift: the times, and the day only when the slot moves to another one.
        return slot.date === change.before.date
          ? `${slot.start_time}–${slot.end_time}`
          : `${f.day(slot.date)} ${slot.start_time}–${slot.end_time}`;
    }
  }
}

/** The slots an error's `issues` name (`slots.<id>`), as date and time from the heatmap. */
function IssueSlots({ error, slots }: { error: unknown; slots: readonly HeatSlot[] }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  if (!(error instanceof ConsoleApiError) || error.issues.length === 0) return null;
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const named = error.issues
    .map((issue) => byId.get(Number(/^slots\.(\d+)$/.exec(issue.path)?.[1])))
    .filter((slot): slot is HeatSlot => slot !== undefined);
  if (named.length === 0) return null;
  return (
    <p className="c-muted">
      {t('schedule_issue_slots', {
        slots: named
          .map((slot) => `${f.day(slot.date)} ${slot.start_time}`)
          .join(t('schedule_list_separator')),
      })}
    </p>
  );
}
