import type { PaymentMethod } from '@kippu/contract/enums';

/** Methods paid in an app on the visitor's phone: carrier billing and the QR wallets. */
const PHONE_METHODS = new Set<PaymentMethod>([
  'd_pay',
  'gmo_paypay',
  'alipay',
  'softbank_paypay',
  'softbank_alipay',
]);

/** A method radio's icon: a phone for methods paid in an app on the phone, a card for the others. */
export function PaymentMethodIcon({ method }: { method: PaymentMethod }) {
  return PHONE_METHODS.has(method) ? <PhoneIcon /> : <CardIcon />;
}

function CardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
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

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <rect
        x="6.5"
        y="2.5"
        width="11"
        height="19"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path d="M10.5 18.5h3" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
