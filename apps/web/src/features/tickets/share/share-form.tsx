import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketShareBody, TicketShareOptionsResponse } from '@kippu/contract/endpoints/ticket-share';
import '../../../shared/ui/form-field.css';

/**
 * How many of each ticket type to split off. The holder keeps at least one ticket (the server's rule too),
 * so a type offers 0 up to its valid tickets but never more than leave one behind with what the other types
 * already give away: of a 2-ticket reservation at most 1 (issue 32: it offered 0–2).
 * Until a ticket is chosen the button says it is unavailable without leaving the tab order: aria-disabled
 * (announced "dimmed"/"unavailable"), described by the reason, and styled apart from the enabled one.
 */
export function ShareForm({
  options,
  submitting,
  onSubmit,
}: {
  options: TicketShareOptionsResponse;
  submitting: boolean;
  onSubmit: (body: TicketShareBody) => void;
}) {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<Record<number, number>>({});
  const shareable = options.ticket_types.filter((type) => type.count > 0);
  const chosen = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const unavailable = submitting || chosen === 0;

  if (shareable.length === 0 || options.ticket_count < 2) {
    return <p className="share-message">{t('share_nothing_to_share')}</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unavailable) return;
    onSubmit({
      tickets: shareable
        .filter((type) => (counts[type.option_value_id] ?? 0) > 0)
        .map((type) => ({ option_value_id: type.option_value_id, count: counts[type.option_value_id]! })),
    });
  };

  return (
    <form className="share-form" onSubmit={submit} noValidate>
      {shareable.map((type) => {
        const id = `share-type-${type.option_value_id}`;
        const own = counts[type.option_value_id] ?? 0;
        // One ticket stays with the holder: what the other types give away counts against this one.
        const most = Math.min(type.count, options.ticket_count - 1 - (chosen - own));
        return (
          // A count, not a question to answer: no required/optional tag (FormField's) beside the type's name.
          <div className="form-field" key={type.option_value_id}>
            <label htmlFor={id} className="form-field__label">
              {type.name}
            </label>
            <p id={`${id}-hint`} className="form-field__hint">
              {t('share_type_hint', { count: Math.min(type.count, options.ticket_count - 1) })}
            </p>
            <select
              id={id}
              aria-describedby={`${id}-hint`}
              className="form-field__select"
              value={own}
              onChange={(event) =>
                setCounts({ ...counts, [type.option_value_id]: Number(event.currentTarget.value) })
              }
            >
              {Array.from({ length: most + 1 }, (_, count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <p className="share-form__rule">{t('share_keep_one')}</p>
      {chosen === 0 && (
        <p id="share-form-reason" className="share-form__rule">
          {t('share_choose_one')}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary share-form__submit"
        aria-disabled={unavailable}
        aria-describedby={chosen === 0 ? 'share-form-reason' : undefined}
      >
        {t('share_submit')}
      </button>
    </form>
  );
}
