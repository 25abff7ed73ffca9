import type { PaymentMethod } from '@kippu/contract/enums';

/** Methods paid in a mobile wallet on the visitor's phone: carrier billing and the QR wallets. */
const WALLET_METHODS = new Set<PaymentMethod>([
  'd_pay',
  'gmo_paypay',
  'alipay',
  'softbank_paypay',
  'softbank_alipay',
]);

/**
 * A method radio's icon: the mobile-wallet icon (spec §10's "mobile wallet payment icon", issue 32 item 28)
 * for methods paid in a wallet app on the phone, a card for the others. Drawn here, no brand's mark.
 */
export function PaymentMethodIcon({ method }: { method: PaymentMethod }) {
  return WALLET_METHODS.has(method) ? <MobileWalletIcon /> : <CardIcon />;
}

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" data-icon="card">
      <rect
        x="2.5"
        y="5"
        width="19"
        height="14"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="2.4" />
      <path d="M6 15h4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** A phone whose screen holds a wallet: paying from an app, not with a card. */
function MobileWalletIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      data-icon="mobile-wallet"
    >
      <rect
        x="5.5"
        y="1.8"
        width="13"
        height="20.4"
        rx="2.6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M10.5 19h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      {/* The wallet: a body with its flap and clasp. */}
      <rect x="8" y="7.5" width="8" height="6.5" rx="1.2" fill="currentColor" />
      <path
        d="M9 7.5 14 5.2l.9 2.3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
      <circle cx="14" cy="10.75" r="0.9" fill="var(--surface, #fff)" />
    </svg>
  );
}
