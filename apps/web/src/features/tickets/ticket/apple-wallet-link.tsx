import { useTranslation } from 'react-i18next';
import type { LangCode } from '@kippu/contract/enums';
import { ROUTES } from '@kippu/contract/routes';
import { endpointHref } from '../../../shared/api/call-url.ts';

function WalletIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M3 6.5A2.5 2.5 0 0 1 5.5 4h9A2.5 2.5 0 0 1 17 6.5v7a2.5 2.5 0 0 1-2.5 2.5h-9A2.5 2.5 0 0 1 3 13.5zM3 8.25h14M12.5 11.75h2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** GET /reservations/{token}/tickets/{ticketId}/wallet.pkpass?lang= (ADR 025), against the site's API. */
export function walletPassHref(reservationToken: string, ticketId: number, lang: LangCode): string {
  return endpointHref(ROUTES.walletPass, { id: reservationToken, ticketId }, { lang });
}

/**
 * "Add to Apple Wallet" for one ticket: a download of its signed pass, which iPhones open in Wallet. Only
 * rendered when the ticket response says the server can sign passes (`apple_wallet`); `label` names the
 * ticket for screen readers, as several links sit on one page.
 */
export function AppleWalletLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a
      className="ticket-wallet"
      href={href}
      download
      aria-label={t('wallet_add_to_apple_wallet_label', { label })}
    >
      <WalletIcon />
      {t('wallet_add_to_apple_wallet')}
    </a>
  );
}
