import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import { paths } from '../../../shared/routing/paths.ts';
import './staff-tap-links.css';

/**
 * The "Staff" control on the visitor's ticket screen (issue 32): the gate in tap mode tells its staff to tap
 * "Staff" on the visitor's phone and type the gate's tap code (ADR 030), so the tap screen
 * `/id/:reservationToken/:id/:type` must be one tap away, not a typed URL. One link per ticket that can still
 * enter (mode `gate`), and one for the whole group (mode `set`) when more than one can. Nothing for a
 * reservation that is no longer active: no ticket of it can enter. Its texts live with the gate's (check-in).
 */
export function StaffTapLinks({
  ticket,
  reservationToken,
}: {
  ticket: TicketResponse;
  reservationToken: string;
}) {
  const { t } = useTranslation();
  if (ticket.status !== 'reserved') return null;
  const total = ticket.tickets.length;
  const open = ticket.tickets
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.status === 'valid' && entry.qr !== '');
  if (open.length === 0) return null;
  const tapHref = (id: number, type: 'gate' | 'set') =>
    paths.checkInGate.getHref({ reservationToken, id: String(id), type });
  return (
    <section className="staff-tap" aria-labelledby="staff-tap-title">
      <h2 id="staff-tap-title" className="staff-tap__title">
        {t('staff_tap_title')}
      </h2>
      <p className="staff-tap__hint">{t('staff_tap_hint')}</p>
      <ul className="staff-tap__links">
        {open.map(({ entry, index }) => (
          <li key={entry.id}>
            <Link className="button button--secondary staff-tap__link" to={tapHref(entry.id, 'gate')}>
              {t('staff_tap_ticket', {
                label: t('ticket_label', { type: entry.option_name, index: index + 1, total }),
              })}
            </Link>
          </li>
        ))}
        {open.length > 1 ? (
          <li>
            <Link className="button button--secondary staff-tap__link" to={tapHref(open[0]!.entry.id, 'set')}>
              {t('staff_tap_group', { count: open.length })}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
