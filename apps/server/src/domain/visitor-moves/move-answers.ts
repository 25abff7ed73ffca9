import type { CreateMoveResponse } from '@kippu/contract/console/moves-schemas';
import type { MovePlan, MoveSlot } from './move-plan.ts';

/** A slot as the console's answers show it. */
export function slotAnswer(slot: MoveSlot) {
  return {
    id: slot.id,
    starts_at: slot.startsAt.toISOString(),
    ends_at: slot.endsAt.toISOString(),
    on_sale: slot.onSale,
  };
}

/** The plan as the console shows it (the preview, and the answer of the run's creation). */
export function planAnswer(
  plan: MovePlan,
  fallback: 'refund' | 'leave',
  refundYen: number,
): CreateMoveResponse['plan'] {
  const fits = plan.candidates.filter((row) => row.targetSlotId !== null).length;
  return {
    product_uuid: plan.productUuid,
    product_type: plan.productType,
    product_names: plan.productNames,
    source_slots: plan.sourceSlots.map(slotAnswer),
    targets: plan.targets.map((target) => ({
      ...slotAnswer(target),
      free: target.free,
      planned: target.planned,
    })),
    rows: plan.candidates.map((row) => ({
      reservation_id: row.reservationId,
      reservation_number: row.reservationNumber,
      purchased_at: row.purchasedAt.toISOString(),
      from_slot_id: row.fromSlotId,
      tickets: row.tickets,
      target_slot_id: row.targetSlotId,
      outcome: row.targetSlotId !== null ? ('move' as const) : fallback,
    })),
    counts: {
      reservations: plan.candidates.length,
      tickets: plan.candidates.reduce((sum, row) => sum + row.tickets, 0),
      fits,
      does_not_fit: plan.candidates.length - fits,
      refund_yen: refundYen,
    },
  };
}
