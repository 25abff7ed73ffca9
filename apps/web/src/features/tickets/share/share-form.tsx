import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketShareBody, TicketShareOptionsResponse } from '@kippu/contract/endpoints/ticket-share';
import '../../../shared/ui/form-field.css';

/**
 * How many of each ticket type to split off. A type offers 0 up to its valid tickets; the holder keeps at
 * least one ticket (the server's rule too), so the button stays off until a choice leaves one behind.
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
  const keepsOne = chosen < options.ticket_count;

  if (shareable.length === 0 || options.ticket_count < 2) {
    return <p className="share-message">{t('share_nothing_to_share')}</p>;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === 0 || !keepsOne) return;
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
        return (
          // A count, not a question to answer: no required/optional tag (FormField's) beside the type's name.
          <div className="form-field" key={type.option_value_id}>
            <label htmlFor={id} className="form-field__label">
              {type.name}
            </label>
            <p id={`${id}-hint`} className="form-field__hint">
              {t('share_type_hint', { count: type.count })}
            </p>
            <select
              id={id}
              aria-describedby={`${id}-hint`}
              className="form-field__select"
              value={counts[type.option_value_id] ?? 0}
              onChange={(event) =>
                setCounts({ ...counts, [type.option_value_id]: Number(event.currentTarget.value) })
              }
            >
              {Array.from({ length: type.count + 1 }, (_, count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        );
      })}
      <p className={`share-form__rule${keepsOne ? '' : ' share-form__rule--broken'}`}>
        {t('share_keep_one')}
      </p>
      <button
        type="submit"
        className="button button--primary"
        disabled={submitting || chosen === 0 || !keepsOne}
      >
        {t('share_submit')}
      </button>
    </form>
  );
}
