import type { UseFormReturn } from 'react-hook-form';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { Field } from '../../shared/ui/ui.tsx';
import type { ProductValues } from './product-queries.ts';

const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * The product's waiting room for its on-sale rush (issue 31, ADR 095/096): on or off, when sales open (the
 * queue is in force from then; empty: at once) and how many visitors it admits a minute (empty: automatic,
 * from the holds the server measures it can serve). Part of the product form: saved with it, one version.
 */
export function WaitingRoomFields({ form }: { form: UseFormReturn<ProductValues, unknown, unknown> }) {
  const { t } = useConsoleI18n();
  const errors = form.formState.errors.waiting_room;
  const message = (error: { message?: unknown } | undefined) =>
    typeof error?.message === 'string' ? error.message : undefined;
  return (
    <fieldset className="c-cat-fieldset" aria-describedby="c-product-waiting-room-intro">
      <legend>{t('products_waiting_room')}</legend>
      <p id="c-product-waiting-room-intro" className="c-field__hint">
        {t('products_waiting_room_intro')}
      </p>
      <div className="c-cat-grid">
        <div className="c-field c-cat-check">
          <label>
            <input type="checkbox" {...form.register('waiting_room.enabled')} />
            {t('products_waiting_room_enabled')}
          </label>
        </div>
        <Field
          label={t('products_waiting_room_opens')}
          hint={t('products_waiting_room_opens_hint')}
          type="datetime-local"
          error={message(errors?.opens_at)}
          {...form.register('waiting_room.opens_at')}
        />
        <Field
          label={t('products_waiting_room_rate')}
          hint={t('products_waiting_room_rate_hint')}
          type="number"
          min={1}
          max={100000}
          error={message(errors?.admit_per_minute)}
          {...form.register('waiting_room.admit_per_minute', { setValueAs: optionalNumber })}
        />
      </div>
    </fieldset>
  );
}
