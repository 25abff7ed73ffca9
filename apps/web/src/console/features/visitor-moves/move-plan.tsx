import type { CreateMoveResponse } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable } from '../../shared/ui/ui.tsx';
import { useSlotText } from './move-display.tsx';

type Plan = CreateMoveResponse['plan'];

/**
 * The preview's plan: how many reservations fit, each target's free places and what the plan puts there,
 * and each reservation in purchase order with where it goes (or the fallback when nothing has room).
 */
export function MovePlan({ plan }: { plan: Plan }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const slotText = useSlotText();
  const slots = new Map([...plan.source_slots, ...plan.targets].map((slot) => [slot.id, slot]));
  const slotOf = (id: number | null) => {
    const slot = id === null ? undefined : slots.get(id);
    return slot ? slotText(slot) : '—';
  };
  return (
    <section aria-labelledby="c-move-plan-title">
      <h2 id="c-move-plan-title">{t('moves_plan')}</h2>
      <dl className="c-cards">
        <div className="c-card">
          <dt>{t('moves_plan_reservations')}</dt>
          <dd>{f.count(plan.counts.reservations)}</dd>
        </div>
        <div className="c-card">
          <dt>{t('moves_plan_tickets')}</dt>
          <dd>{f.count(plan.counts.tickets)}</dd>
        </div>
        <div className="c-card">
          <dt>{t('moves_plan_fits')}</dt>
          <dd>{f.count(plan.counts.fits)}</dd>
        </div>
        <div className="c-card">
          <dt>{t('moves_plan_does_not_fit')}</dt>
          <dd className={plan.counts.does_not_fit > 0 ? 'c-status--bad' : undefined}>
            {f.count(plan.counts.does_not_fit)}
          </dd>
        </div>
        {plan.counts.refund_yen > 0 ? (
          <div className="c-card">
            <dt>{t('moves_plan_refund_yen')}</dt>
            <dd>{f.yen(plan.counts.refund_yen)}</dd>
          </div>
        ) : null}
      </dl>
      <DataTable
        caption={t('moves_plan_targets')}
        rows={plan.targets}
        rowKey={(slot) => slot.id}
        empty={t('moves_no_target_slots')}
        columns={[
          { key: 'slot', header: t('moves_slot'), cell: (slot) => slotText(slot) },
          { key: 'free', header: t('moves_free'), numeric: true, cell: (slot) => f.count(slot.free) },
          {
            key: 'planned',
            header: t('moves_planned_tickets'),
            numeric: true,
            cell: (slot) => f.count(slot.planned),
          },
        ]}
      />
      <DataTable
        caption={t('moves_plan_rows')}
        rows={plan.rows}
        rowKey={(row) => row.reservation_id}
        empty={t('moves_plan_empty')}
        columns={[
          {
            key: 'number',
            header: t('moves_reservation'),
            cell: (row) => <code>{row.reservation_number}</code>,
          },
          { key: 'bought', header: t('moves_purchased'), cell: (row) => f.dateTime(row.purchased_at) },
          { key: 'tickets', header: t('moves_tickets'), numeric: true, cell: (row) => f.count(row.tickets) },
          { key: 'from', header: t('moves_from'), cell: (row) => slotOf(row.from_slot_id) },
          {
            key: 'outcome',
            header: t('moves_outcome'),
            cell: (row) =>
              row.outcome === 'move' ? (
                t('moves_outcome_move', { slot: slotOf(row.target_slot_id) })
              ) : (
                <span className="c-status--bad">{t(`moves_outcome_${row.outcome}`)}</span>
              ),
          },
        ]}
      />
    </section>
  );
}
