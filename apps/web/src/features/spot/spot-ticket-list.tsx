import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths.ts';
import { useFormatters } from '../../shared/format/use-formatters.ts';
import { useSpotTokensStore, type SpotTicket } from '../../shared/stores/spot-store.ts';

function TicketRow({ ticket }: { ticket: SpotTicket }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const day = format.date(ticket.startsAt);
  const when =
    ticket.productType === 'time' ? `${day} ${format.timeRange(ticket.startsAt, ticket.endsAt)}` : day;
  return (
    <li className="spot-ticket-row">
      <span className="spot-ticket-row__name">{ticket.productName}</span>
      <span className="spot-ticket-row__when">{when}</span>
      <span className="spot-ticket-row__meta">
        {t('complete_reservation_number')} {ticket.reservationNumber} ·{' '}
        {t(ticket.count === 1 ? 'complete_ticket_count_one' : 'complete_ticket_count_other', {
          count: ticket.count,
        })}
      </span>
      <Link
        className="button button--primary spot-ticket-row__open"
        to={paths.ticket.getHref({ reservationToken: ticket.reservationToken })}
      >
        {t('complete_go_to_ticket')}
        <span className="visually-hidden">
          : {ticket.productName} {when}
        </span>
      </Link>
    </li>
  );
}

/** The spot purchases this phone remembers (local storage), newest first. */
export function SpotTicketList() {
  const { t } = useTranslation();
  const tickets = useSpotTokensStore((state) => state.tickets);
  if (tickets.length === 0) return <p className="spot-panel__text">{t('spot_no_tickets')}</p>;
  return (
    <ul className="spot-ticket-list" aria-label={t('spot_my_tickets_title')}>
      {tickets.map((ticket) => (
        <TicketRow key={ticket.reservationToken} ticket={ticket} />
      ))}
    </ul>
  );
}
