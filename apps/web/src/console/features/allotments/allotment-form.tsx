import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE,
  ALLOTMENT_QUANTITY_MAX,
  type CreateAllotmentBody,
} from '@kippu/contract/console/allotments-schemas';
import type { Partner } from '@kippu/contract/console/partners-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { fromTokyoLocal, textIn } from '../../shared/ui/form-support.ts';
import { ErrorNotice, Field, Loading } from '../../shared/ui/ui.tsx';

type Problems = Partial<Record<'partner' | 'slot' | 'quantity', string>>;

/** A whole number in [min, max], or null. */
export function wholeIn(value: string, min: number, max: number): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= min && number <= max ? number : null;
}

/**
 * A new allotment: the partner, a slot of the chosen day (from the schedule, with what is still free in it),
 * how many seats, and when the unsold rest returns to general sale (48 hours before the start unless set).
 * The server takes the seats from the slot's own stock and refuses with `out of stock` when they are not free.
 */
export function AllotmentForm({
  site,
  partners,
  day,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  site: string;
  partners: readonly Partner[];
  day: string;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CreateAllotmentBody) => void;
  onCancel: () => void;
}) {
  const { t, lang } = useConsoleI18n();
  const [partnerId, setPartnerId] = useState('');
  const [date, setDate] = useState(day);
  const [slotId, setSlotId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [releaseAt, setReleaseAt] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const slots = useQuery({
    queryKey: ['console', 'allotment-slots', site, date],
    queryFn: () =>
      consoleCall(R.consoleScheduleHeatmap, { params: { site }, query: { from: date, to: date } }),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const productName = (uuid: string) =>
    textIn(slots.data?.products.find((product) => product.uuid === uuid)?.names, lang);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {};
    const count = wholeIn(quantity, 1, ALLOTMENT_QUANTITY_MAX);
    if (partnerId === '') found.partner = t('allotments_partner_required');
    if (slotId === '') found.slot = t('allotments_slot_required');
    if (count === null) found.quantity = t('allotments_quantity_invalid', { max: ALLOTMENT_QUANTITY_MAX });
    setProblems(found);
    if (Object.keys(found).length > 0 || count === null) return;
    onSubmit({
      partner_id: Number(partnerId),
      slot_id: Number(slotId),
      quantity: count,
      release_at: fromTokyoLocal(releaseAt),
    });
  };
  const select = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    problem: string | undefined,
    options: { value: string; label: string }[],
  ) => (
    <div className="c-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="c-select"
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t('allotments_choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-error`} className="c-field__error">
          {problem}
        </p>
      ) : null}
    </div>
  );
  return (
    <form className="c-panel" noValidate onSubmit={submit}>
      <h2>{t('allotments_new')}</h2>
      {select(
        'c-allotment-partner',
        t('allotments_partner'),
        partnerId,
        setPartnerId,
        problems.partner,
        partners
          .filter((partner) => partner.active)
          .map((partner) => ({ value: String(partner.id), label: partner.name })),
      )}
      <div className="c-field">
        <label htmlFor="c-allotment-date">{t('allotments_date')}</label>
        <input
          id="c-allotment-date"
          type="date"
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
            setSlotId('');
          }}
        />
      </div>
      {slots.isFetching ? <Loading /> : null}
      <ErrorNotice error={slots.error} />
      {select(
        'c-allotment-slot',
        t('allotments_slot'),
        slotId,
        setSlotId,
        problems.slot,
        (slots.data?.slots ?? []).map((slot) => ({
          value: String(slot.id),
          label: t('allotments_slot_option', {
            time: `${slot.start_time}–${slot.end_time}`,
            product: productName(slot.product_uuid),
            free: Math.max(0, slot.capacity - slot.sold - slot.held),
          }),
        })),
      )}
      <Field
        label={t('allotments_quantity')}
        inputMode="numeric"
        autoComplete="off"
        value={quantity}
        error={problems.quantity}
        onChange={(event) => setQuantity(event.target.value)}
      />
      <Field
        label={t('allotments_release_at')}
        hint={t('allotments_release_hint', { hours: ALLOTMENT_DEFAULT_RELEASE_HOURS_BEFORE })}
        type="datetime-local"
        value={releaseAt}
        onChange={(event) => setReleaseAt(event.target.value)}
      />
      <ErrorNotice error={error} />
      <p className="c-actions">
        <button className="c-button c-button--primary" type="submit" disabled={pending}>
          {t('allotments_create')}
        </button>
        <button className="c-button" type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </p>
    </form>
  );
}
