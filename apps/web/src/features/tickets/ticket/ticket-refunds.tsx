import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';

/**
 * The reservation's refunds (issue 29, ADR 076): one return note per refund with money, each linked, and the
 * receipt beside them as it was issued (a qualified invoice never changes; the notes correct it).
 */
export function TicketRefunds({
  notes,
  reservationToken,
}: {
  notes: TicketResponse['return_notes'];
  reservationToken: string;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  return (
    <section className="ticket-extra ticket-refunds" aria-labelledby="ticket-refunds">
      <h2 id="ticket-refunds" className="ticket-extra__title">
        {t('ticket_refunds_title')}
      </h2>
      <p className="ticket-extra__text">{t('ticket_refunds_text')}</p>
      <ul className="ticket-refunds__list">
        {notes.map((note) => (
          <li key={note.number} className="ticket-refunds__item">
            <Link to={paths.returnNote.getHref({ reservationToken, number: note.number })}>
              {t('ticket_return_note_link', { number: note.number })}
            </Link>
            <span>{format.date(note.issued_at)}</span>
            <strong>{format.price(note.amount, currency)}</strong>
          </li>
        ))}
      </ul>
      <Link className="button button--secondary" to={paths.receipt.getHref({ reservationToken })}>
        {t('screen_receipt_title')}
      </Link>
    </section>
  );
}
