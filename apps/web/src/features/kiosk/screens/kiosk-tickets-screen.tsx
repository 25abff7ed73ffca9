import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { visitWhen } from '@kippu/contract/format/visit-when';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { QrImage } from '../../../shared/ui/qr-image.tsx';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { kioskTicketQuery } from '../api/kiosk-api.ts';
import { useKioskReset } from '../idle/kiosk-idle-guard.tsx';
import '../kiosk.css';

/**
 * A kiosk purchase's tickets (`#/kiosk/tickets/:reservationToken`, ADR 081): no mail on a kiosk, so the QR
 * codes are shown large to photograph, with a print button (the tablet's printer), and "done" starts over
 * for the next visitor at once (the idle reset does it after a minute otherwise).
 */
export default function KioskTicketsScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const { reservationToken = '' } = useParams();
  // Only the purchase this visit just made: the tablet's history still holds the last visitor's address
  // after a reset, and going back to it must not show their QR codes (the reset cleared completeData).
  const ours = useCoreStore((state) => state.completeData?.reservationToken === reservationToken);
  const ticket = useQuery({ ...kioskTicketQuery(reservationToken, lang), enabled: ours });
  const reset = useKioskReset();
  const data = ticket.data;
  const when = data ? visitWhen(data.product.type, data.starts_at, data.ends_at, lang) : null;
  const usable = data?.tickets.filter((each) => each.status === 'valid' && each.qr) ?? [];

  return (
    <div className="kiosk-tickets">
      <ScreenHero title={t('kiosk_tickets_title')} />
      <div className="kiosk-tickets__content">
        {!data ? (
          <p
            className="kiosk-start__text"
            role={ours && ticket.isPending ? undefined : 'alert'}
            aria-busy={ours && ticket.isPending}
          >
            {t(!ours ? 'kiosk_tickets_none' : ticket.isPending ? 'common_loading' : 'kiosk_tickets_failed')}
          </p>
        ) : (
          <>
            <p className="kiosk-tickets__hint">{t('kiosk_tickets_hint')}</p>
            <dl className="kiosk-tickets__facts">
              <div>
                <dt>{t('kiosk_tickets_number')}</dt>
                <dd data-testid="kiosk-reservation-number">{data.reservation_number}</dd>
              </div>
              <div>
                <dt>{data.product.name}</dt>
                <dd>
                  {when?.date} {when?.time}
                </dd>
              </div>
            </dl>
            <ul className="kiosk-tickets__codes">
              {usable.map((each) => (
                <li key={each.id} className="kiosk-tickets__code">
                  <QrImage
                    payload={each.qr}
                    alt={t('kiosk_ticket_qr_alt', { name: each.option_name, number: each.sequence })}
                  />
                  <span>
                    {each.option_name} · {each.sequence}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="kiosk-tickets__actions">
          {data ? (
            <button type="button" className="button button--secondary" onClick={() => window.print()}>
              {t('kiosk_tickets_print')}
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={reset}>
            {t('kiosk_tickets_done')}
          </button>
        </div>
      </div>
    </div>
  );
}
