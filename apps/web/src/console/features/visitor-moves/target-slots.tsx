import type { ConsoleSlot } from '@kippu/contract/console/schedule-schemas';
import { MOVE_MAX_TARGETS } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';

/** Free places of a slot in tickets now: capacity less sold and held (the preview recounts on the server). */
export const freeOf = (slot: ConsoleSlot) => Math.max(0, slot.capacity - slot.sold - slot.held);

/**
 * The slots visitors may go to, each with its free places in tickets, chosen by a checkbox. Slots already
 * started or among the source are left out: the server refuses them too.
 */
export function TargetSlots({
  slots,
  chosen,
  onChange,
}: {
  slots: readonly ConsoleSlot[];
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const picked = new Set(chosen);
  const toggle = (id: number) =>
    onChange(picked.has(id) ? chosen.filter((each) => each !== id) : [...chosen, id]);
  const freeChosen = slots.filter((slot) => picked.has(slot.id)).reduce((sum, slot) => sum + freeOf(slot), 0);
  return (
    <>
      <p className="c-actions">
        <button
          className="c-button c-button--small"
          type="button"
          onClick={() =>
            onChange(
              slots
                .filter((slot) => slot.on_sale && freeOf(slot) > 0)
                .map((slot) => slot.id)
                .slice(0, MOVE_MAX_TARGETS),
            )
          }
        >
          {t('moves_choose_all_open')}
        </button>
        <button className="c-button c-button--small" type="button" onClick={() => onChange([])}>
          {t('moves_choose_none')}
        </button>
        <span role="status" className="c-move-chosen">
          {t('moves_targets_chosen', { count: f.count(chosen.length), free: f.count(freeChosen) })}
        </span>
      </p>
      <DataTable
        caption={t('moves_target_slots')}
        rows={slots}
        rowKey={(slot) => slot.id}
        empty={t('moves_no_target_slots')}
        columns={[
          {
            key: 'pick',
            header: t('moves_target'),
            cell: (slot) => (
              <input
                type="checkbox"
                checked={picked.has(slot.id)}
                aria-label={t('moves_target_named', { date: f.day(slot.date), time: slot.start_time })}
                onChange={() => toggle(slot.id)}
              />
            ),
          },
          { key: 'day', header: t('moves_date'), cell: (slot) => f.day(slot.date) },
          { key: 'time', header: t('moves_time'), cell: (slot) => `${slot.start_time}–${slot.end_time}` },
          { key: 'free', header: t('moves_free'), numeric: true, cell: (slot) => f.count(freeOf(slot)) },
          {
            key: 'capacity',
            header: t('moves_capacity'),
            numeric: true,
            cell: (slot) => f.count(slot.capacity),
          },
          {
            key: 'state',
            header: t('state'),
            cell: (slot) => t(slot.on_sale ? 'moves_on_sale' : 'moves_closed'),
          },
        ]}
      />
    </>
  );
}
