import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketResponse } from '@kippu/contract/endpoints/ticket';
import type { SiteSettings } from '@kippu/contract/site-settings';
import { toneOf } from '../../../shared/site/theme-tone.ts';
import { QrImage } from '../../../shared/ui/qr-image.tsx';
import { AppleWalletLink } from './apple-wallet-link.tsx';

export type TicketEntry = TicketResponse['tickets'][number];
export type TicketDisplay = SiteSettings['ticketDisplay'];

/** Until the site's settings arrive (they load with the layout), tickets show as one card in a neutral band. */
export const FALLBACK_DISPLAY: TicketDisplay = {
  displayType: 'fusion',
  headerColor: { pc: '#15151a', sp: '#15151a' },
  headerLogo: { pc: true, sp: true },
};

const textOn = (colour: string) => (toneOf(colour) === 'dark' ? '#ffffff' : '#15151a');

/**
 * The coloured band on top of a ticket (spec §3 ticket display: a header colour for phones and one for
 * wider screens, and whether each shows the venue's name as its logo).
 */
export function TicketHeader({
  display,
  brand,
  title,
  titleId,
}: {
  display: TicketDisplay;
  brand: string;
  title: string;
  titleId?: string;
}) {
  const { headerColor, headerLogo } = display;
  const style = {
    '--ticket-header-sp': headerColor.sp,
    '--ticket-header-pc': headerColor.pc,
    '--ticket-on-header-sp': textOn(headerColor.sp),
    '--ticket-on-header-pc': textOn(headerColor.pc),
  } as CSSProperties;
  const brandClass = [
    'ticket-card__brand',
    headerLogo.sp ? '' : 'ticket-card__brand--no-sp',
    headerLogo.pc ? '' : 'ticket-card__brand--no-pc',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <header className="ticket-card__header" style={style}>
      {headerLogo.sp || headerLogo.pc ? <p className={brandClass}>{brand}</p> : null}
      <h2 className="ticket-card__title" id={titleId}>
        {title}
      </h2>
    </header>
  );
}

/** The text that names one ticket: its type and where it stands among them ("Adult, ticket 1 of 3"). */
export function useTicketLabel() {
  const { t } = useTranslation();
  return (entry: TicketEntry, index: number, total: number) =>
    t('ticket_label', { type: entry.option_name, index: index + 1, total });
}

/**
 * One ticket's QR code with its type, position and status. No code for a ticket that can no longer be used,
 * nor for any ticket of a reservation that is no longer active (`reservationActive` false): the page says why.
 */
export function TicketQr({
  entry,
  index,
  total,
  reservationActive,
  walletHref,
}: {
  entry: TicketEntry;
  index: number;
  total: number;
  reservationActive: boolean;
  /** The ticket's Apple Wallet pass, when the server can sign one (ADR 025). */
  walletHref?: string;
}) {
  const { t } = useTranslation();
  const label = useTicketLabel()(entry, index, total);
  const usable = reservationActive && entry.status !== 'void' && entry.qr !== '';
  // A ticket cancelled by a refund (issue 29, ADR 076) says so, never shows a code.
  const status = entry.refunded ? 'refunded' : entry.status;
  return (
    <figure className={`ticket-qr ticket-qr--${entry.status}`}>
      {usable ? (
        <QrImage payload={entry.qr} alt={t('ticket_qr_alt', { label })} />
      ) : (
        <span className="ticket-qr__void">
          {t(entry.refunded ? 'ticket_qr_refunded' : 'ticket_qr_unavailable')}
        </span>
      )}
      <figcaption className="ticket-qr__caption">
        <span className="ticket-qr__type">{entry.option_name}</span>
        <span className="ticket-qr__index">{t('ticket_index', { index: index + 1, total })}</span>
        {reservationActive ? (
          <span className={`ticket-status ticket-status--${entry.status}`}>
            {t(`ticket_status_${status}`)}
          </span>
        ) : null}
      </figcaption>
      {usable && walletHref ? <AppleWalletLink href={walletHref} label={label} /> : null}
    </figure>
  );
}
