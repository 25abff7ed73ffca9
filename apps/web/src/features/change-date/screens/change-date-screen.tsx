import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useTokyoToday } from '../../../shared/hooks/use-tokyo-today.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useTicketStore } from '../../../shared/stores/ticket-store.ts';
import { createTimeChange, timeChangeOptionsQuery } from '../api/change-date-api.ts';
import { ChangeDateFrame, ChangeDateLoadState, ChangeDatePanel } from '../parts/change-date-frame.tsx';
import { differenceKey, VisitWhen } from '../parts/visit-line.tsx';

const DAY_MS = 24 * 3600 * 1000;

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Change date (spec §2 `/tickets/changedate/:reservationToken`, ADR 029): the booking as it is, a date and
 * the slots of that date the purchase may move to (with room for all its tickets), each with what it costs
 * more or less. Choosing one holds it (POST /timechanges) and goes on to confirm. A change still waiting
 * is offered to continue. `?ref=c` (back from confirm) keeps the chosen date.
 */
export default function ChangeDateScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const navigate = useNavigate();
  const { reservationToken = '' } = useParams();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const saved = useTicketStore((state) => state.changeDate);
  const [date, setDate] = useState<string | null>(() =>
    saved?.reservationToken === reservationToken && typeof saved.date === 'string' ? saved.date : null,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const options = useQuery(timeChangeOptionsQuery(reservationToken, lang, date));
  const notFound = options.error instanceof ApiError && options.error.status === 404;
  const today = useTokyoToday();
  const shownDate = options.data?.date ?? date ?? today;

  const pickDate = (day: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return;
    setDate(day < today ? today : day);
    setChosen(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen === null) return;
    setSubmitting(true);
    try {
      const created = await createTimeChange(reservationToken, { time_span_id: chosen, lang });
      useTicketStore.getState().clearChangeDate();
      useTicketStore.getState().set({
        changeDate: { reservationToken, timechangeToken: created.timechange_token, date: shownDate },
      });
      navigate(
        paths.changeDateConfirm.getHref({ reservationToken, timechangeToken: created.timechange_token }),
      );
    } catch (error) {
      // The server's refusal (sold out meanwhile, a change already waiting) shows its dialog.
      if (!(error instanceof ApiError)) throw error;
      void options.refetch();
    } finally {
      setSubmitting(false);
    }
  };

  const data = options.data;
  return (
    <ChangeDateFrame title={t('screen_change_date_title')} step="date">
      {!data ? (
        notFound ? (
          <ChangeDatePanel>
            <p className="change-date-text">{t('change_date_not_found')}</p>
          </ChangeDatePanel>
        ) : (
          <ChangeDateLoadState query={options} />
        )
      ) : (
        <>
          <ChangeDatePanel id="change-date-current" title={t('change_date_current')}>
            <p className="change-date-visit">
              <span className="change-date-visit__product">{data.current.product_name}</span>
              <VisitWhen visit={data.current} />
            </p>
            <p className="change-date-text change-date-text--muted">
              {t('change_date_current_tickets', {
                count: data.current.quantity,
                price: format.price(data.current.price, currency),
              })}
            </p>
            {data.current.shared_quantity > 0 ? (
              <p className="change-date-text change-date-text--muted" id="change-date-shared">
                {t('change_date_shared_note', { shared: data.current.shared_quantity })}
              </p>
            ) : null}
          </ChangeDatePanel>
          {!data.changeable ? (
            <ChangeDatePanel>
              <p className="change-date-text" role="status">
                {t('change_date_not_changeable')}
              </p>
            </ChangeDatePanel>
          ) : data.pending_timechange_token ? (
            <ChangeDatePanel>
              <p className="change-date-text" role="status">
                {t('change_date_pending')}
              </p>
              <Link
                className="button button--primary"
                to={paths.changeDateConfirm.getHref({
                  reservationToken,
                  timechangeToken: data.pending_timechange_token,
                })}
              >
                {t('change_date_pending_continue')}
              </Link>
            </ChangeDatePanel>
          ) : (
            <form className="change-date-form" noValidate onSubmit={(event) => void submit(event)}>
              <ChangeDatePanel id="change-date-day" title={t('change_date_choose_date')}>
                <p className="change-date-text change-date-text--muted">
                  {t('change_date_until', {
                    date: format.date(data.change_until),
                    time: format.time(data.change_until),
                  })}
                </p>
                <div className="change-date-day">
                  <button
                    type="button"
                    className="button button--secondary change-date-day__step"
                    onClick={() => pickDate(shiftDay(shownDate, -1))}
                    disabled={shownDate <= today}
                    aria-label={t('change_date_previous_day')}
                  >
                    <span aria-hidden="true">‹</span>
                  </button>
                  <label className="change-date-day__field">
                    <span className="visually-hidden">{t('change_date_date_label')}</span>
                    <input
                      type="date"
                      className="form-field__input change-date-day__input"
                      value={shownDate}
                      min={today}
                      onChange={(event) => pickDate(event.target.value)}
                    />
                  </label>
                  <button
                    type="button"
                    className="button button--secondary change-date-day__step"
                    onClick={() => pickDate(shiftDay(shownDate, 1))}
                    aria-label={t('change_date_next_day')}
                  >
                    <span aria-hidden="true">›</span>
                  </button>
                </div>
                <p className="change-date-day__shown" aria-live="polite">
                  {format.date(`${shownDate}T12:00:00+09:00`)}
                </p>
              </ChangeDatePanel>
              <ChangeDatePanel id="change-date-slots" title={t('change_date_choose_time')}>
                {data.slots.length === 0 ? (
                  <p className="change-date-text" role="status">
                    {t('change_date_no_slots')}
                  </p>
                ) : (
                  <fieldset className="change-date-slots" aria-busy={options.isFetching}>
                    <legend className="visually-hidden">{t('change_date_choose_time')}</legend>
                    {data.slots.map((slot) => (
                      <label key={slot.time_span_id} className="change-date-slot">
                        <input
                          type="radio"
                          name="time_span_id"
                          className="change-date-slot__radio"
                          value={slot.time_span_id}
                          checked={chosen === slot.time_span_id}
                          onChange={() => setChosen(slot.time_span_id)}
                        />
                        <span className="change-date-slot__when">
                          <span className="change-date-slot__time">
                            {slot.product_type === 'time'
                              ? format.timeRange(slot.starts_at, slot.ends_at)
                              : format.date(slot.starts_at)}
                          </span>
                          <span className="change-date-slot__product">{slot.product_name}</span>
                        </span>
                        <span
                          className={`change-date-slot__difference change-date-slot__difference--${Math.sign(slot.price_difference)}`}
                        >
                          {t(differenceKey(slot.price_difference), {
                            amount: format.price(Math.abs(slot.price_difference), currency),
                          })}
                        </span>
                      </label>
                    ))}
                  </fieldset>
                )}
              </ChangeDatePanel>
              <div className="change-date-actions">
                <button
                  type="submit"
                  className="button button--primary"
                  disabled={chosen === null || submitting}
                >
                  {t('change_date_continue')}
                </button>
              </div>
            </form>
          )}
        </>
      )}
      <Link
        className="button button--secondary change-date-back"
        to={paths.ticket.getHref({ reservationToken })}
      >
        {t('change_date_back_to_ticket')}
      </Link>
    </ChangeDateFrame>
  );
}
