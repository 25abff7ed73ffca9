import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import { MovedVisitPanel } from './moved-visit-panel.tsx';
import { VisitTime } from './visit-time.tsx';

type Props = { visit: MovedVisitResponse; busy: boolean; onChoose: (timeSpanId: number) => void };

/** "Choose another time": the product's slots with room for every ticket of the visit, one to take. */
export function SlotChoice({ visit, busy, onChoose }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== null) onChoose(chosen);
  };
  return (
    <MovedVisitPanel id="moved-visit-slots" title={t('moved_visit_choose_title')}>
      {visit.slots.length === 0 ? (
        <p className="moved-visit-text" role="status">
          {t('moved_visit_no_slots')}
        </p>
      ) : (
        <form className="moved-visit-form" noValidate onSubmit={submit}>
          <fieldset className="moved-visit-slots">
            <legend className="visually-hidden">{t('moved_visit_choose_title')}</legend>
            {visit.slots.map((slot) => (
              <label key={slot.time_span_id} className="moved-visit-slot">
                <input
                  type="radio"
                  name="time_span_id"
                  className="moved-visit-slot__radio"
                  value={slot.time_span_id}
                  checked={chosen === slot.time_span_id}
                  onChange={() => setChosen(slot.time_span_id)}
                />
                <span className="moved-visit-slot__when">
                  <VisitTime type={visit.product_type} visit={slot} />
                </span>
                <span className="moved-visit-slot__room">
                  {t('moved_visit_remaining', { count: slot.remaining })}
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary" disabled={chosen === null || busy}>
            {t('moved_visit_take_slot')}
          </button>
        </form>
      )}
    </MovedVisitPanel>
  );
}
