import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import { pushTicketView } from '../../../shared/analytics/analytics-events.ts';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { walletPassHref } from './apple-wallet-link.tsx';
import { TicketHeader, TicketQr, useTicketLabel, type TicketDisplay } from './ticket-parts.tsx';

/** The ticket types and how many of each, in the order the tickets come (ticket-type order). */
function typeCounts(ticket: TicketResponse): [string, number][] {
  const counts = new Map<string, number>();
  for (const entry of ticket.tickets) counts.set(entry.option_name, (counts.get(entry.option_name) ?? 0) + 1);
  return [...counts];
}

function Facts({ ticket, compact = false }: { ticket: TicketResponse; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const when = visitWhen(ticket.product.type, ticket.starts_at, ticket.ends_at, lang);
  return (
    <dl className={`ticket-facts${compact ? ' ticket-facts--compact' : ''}`}>
      <div className="ticket-facts__row">
        <dt>{t('ticket_date')}</dt>
        <dd className="ticket-facts__strong">{when.date}</dd>
      </div>
      {when.time ? (
        <div className="ticket-facts__row">
          <dt>{t('ticket_time')}</dt>
          <dd className="ticket-facts__strong">{when.time}</dd>
        </div>
      ) : null}
      {compact ? null : (
        <div className="ticket-facts__row">
          <dt>{t('ticket_types')}</dt>
          <dd>
            <ul className="ticket-facts__types">
              {typeCounts(ticket).map(([name, count]) => (
                <li key={name}>{t('ticket_type_count', { name, count })}</li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      <div className="ticket-facts__row">
        <dt>{t('ticket_reservation_number')}</dt>
        <dd className="ticket-facts__number">{ticket.reservation_number}</dd>
      </div>
    </dl>
  );
}

/**
 * The ticket page's body: the reservation's tickets in the site's display type (spec §3): `fusion` is one
 * card with every QR code, `separate` a card per ticket (one per person, to hand over or print apart).
 * A cancelled or refunded reservation shows why and no codes. Pushes `ticket_view` once per reservation.
 */
export function TicketView({
  ticket,
  display,
  brand,
  reservationToken,
}: {
  ticket: TicketResponse;
  display: TicketDisplay;
  brand: string;
  /** The token the page was opened with (holder's or companion's): Wallet passes are fetched with it. */
  reservationToken: string;
}) {
  const { t } = useTranslation();
  const ticketLabel = useTicketLabel();
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === ticket.reservation_number) return;
    viewed.current = ticket.reservation_number;
    pushTicketView(ticket);
  }, [ticket]);

  const active = ticket.status === 'reserved';
  const total = ticket.tickets.length;
  const productName = ticket.product.name;
  const lang = useActiveLang();
  const walletHref = (id: number) =>
    ticket.apple_wallet ? walletPassHref(reservationToken, id, lang) : undefined;

  return (
    <div className={`ticket-view ticket-view--${display.displayType}`}>
      {active ? (
        <p className="ticket-notice">{t('ticket_show_at_entrance')}</p>
      ) : (
        <p className="ticket-notice ticket-notice--inactive" role="status">
          {t(`ticket_reservation_${ticket.status}`)}
        </p>
      )}
      {display.displayType === 'fusion' ? (
        <article className="ticket-card" aria-labelledby="ticket-title">
          <TicketHeader display={display} brand={brand} title={productName} titleId="ticket-title" />
          <div className="ticket-card__body">
            <Facts ticket={ticket} />
            <ul className="ticket-qr-list" aria-label={t('ticket_codes')}>
              {ticket.tickets.map((entry, index) => (
                <li key={entry.id}>
                  <TicketQr
                    entry={entry}
                    index={index}
                    total={total}
                    reservationActive={active}
                    walletHref={walletHref(entry.id)}
                  />
                </li>
              ))}
            </ul>
          </div>
        </article>
      ) : (
        <ul className="ticket-cards" aria-label={t('ticket_codes')}>
          {ticket.tickets.map((entry, index) => (
            <li key={entry.id}>
              <article className="ticket-card" aria-label={ticketLabel(entry, index, total)}>
                <TicketHeader display={display} brand={brand} title={productName} />
                <div className="ticket-card__body">
                  <TicketQr
                    entry={entry}
                    index={index}
                    total={total}
                    reservationActive={active}
                    walletHref={walletHref(entry.id)}
                  />
                  <Facts ticket={ticket} compact />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {ticket.set_products.length > 0 ? (
        <section className="ticket-extra" aria-labelledby="ticket-add-ons">
          <h2 id="ticket-add-ons" className="ticket-extra__title">
            {t('ticket_add_ons')}
          </h2>
          <ul className="ticket-extra__list">
            {ticket.set_products.map((addOn) => (
              <li key={addOn.name}>{t('ticket_type_count', { name: addOn.name, count: addOn.quantity })}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {ticket.product.caution ? (
        <section className="ticket-extra" aria-labelledby="ticket-caution">
          <h2 id="ticket-caution" className="ticket-extra__title">
            {t('ticket_caution')}
          </h2>
          <p className="ticket-extra__text">{ticket.product.caution}</p>
        </section>
      ) : null}
    </div>
  );
}
