import type { z } from 'zod';
import type { moveSlotSchema, MoveSource, MOVE_ITEM_STATES } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

export type MoveSlot = z.infer<typeof moveSlotSchema>;
export type MoveItemState = (typeof MOVE_ITEM_STATES)[number];

/** A slot of a move as staff read it: its day and times in Tokyo (`Sat, Dec 5 10:00–11:00`). */
export function useSlotText() {
  const f = useFormat();
  return (slot: Pick<MoveSlot, 'starts_at' | 'ends_at'>) =>
    `${f.dateTime(slot.starts_at)}–${f.time(slot.ends_at)}`;
}

/** What a run empties: a product's day or one slot. */
export function useSourceText() {
  const { t } = useConsoleI18n();
  const f = useFormat();
  return (source: MoveSource) =>
    source.kind === 'day'
      ? t('moves_source_day_of', { date: f.day(source.date) })
      : t('moves_source_slot_of', { id: source.slot_id });
}

/** An item's state as a word, coloured as the result it is (the word carries it, not the colour). */
export function ItemState({ state }: { state: MoveItemState }) {
  const { t } = useConsoleI18n();
  const tone = state === 'moved' ? 'ok' : state === 'failed' ? 'bad' : state === 'pending' ? '' : 'note';
  return (
    <span className={tone ? `c-move-state c-move-state--${tone}` : 'c-move-state'}>
      {t(`moves_state_${state}`)}
    </span>
  );
}

/** Why an item did not move, in words (`reason` codes of the contract; an unknown code is shown as it is). */
export function useReasonText() {
  const { t } = useConsoleI18n();
  return (reason: string | null) => {
    if (!reason) return '';
    const key = `moves_reason_${reason}`;
    const text = t(key);
    return text === key ? reason : text;
  };
}
