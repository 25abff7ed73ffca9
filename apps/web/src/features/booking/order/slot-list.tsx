import { useTranslation } from 'react-i18next';
import type { Slot } from '@kippu/contract/endpoints/catalogue-common';
import type { LangCode, ProductType } from '@kippu/contract/enums';
import { formatTimeRange } from '@kippu/contract/format/date';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { isOpen, stockStatusText } from './stock-status.ts';

/** A slot as the time step names it: its times, or for a pass the dates it is valid for. */
export function slotWhen(productType: ProductType | undefined, slot: Slot, lang: LangCode): string {
  return productType === 'period'
    ? visitWhen('period', slot.start, slot.end, lang).date
    : formatTimeRange(slot.start, slot.end, lang);
}

/**
 * The slots of the chosen date as a radio group (arrow keys move between times): each with its
 * time range and stock status; sold-out and closed slots are shown but cannot be chosen.
 */
export function SlotList({
  productType,
  slots,
  selected,
  onSelect,
}: {
  productType: ProductType | undefined;
  slots: Slot[];
  selected: number | null;
  onSelect: (slot: Slot) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  if (slots.length === 0) return <p className="order-note">{t('order_slots_empty')}</p>;

  return (
    <div className="slot-list" role="radiogroup" aria-label={t('order_slots_label')}>
      {slots.map((slot) => {
        const open = isOpen(slot.status);
        const statusText = stockStatusText(t, slot.status, slot.status === 'few' ? slot.remaining : null);
        const id = `slot-${slot.id}`;
        return (
          <label
            key={slot.id}
            htmlFor={id}
            className={`slot-option slot-option--${slot.status}${selected === slot.id ? ' slot-option--selected' : ''}`}
          >
            <input
              id={id}
              type="radio"
              name="order-slot"
              className="slot-option__input"
              value={slot.id}
              checked={selected === slot.id}
              disabled={!open}
              onChange={() => onSelect(slot)}
            />
            <span className="slot-option__time">{slotWhen(productType, slot, lang)}</span>
            <span className="slot-option__status">{statusText}</span>
          </label>
        );
      })}
    </div>
  );
}
