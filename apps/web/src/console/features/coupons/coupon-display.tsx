import type { ConsoleCoupon } from '@kippu/contract/console/coupons-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { HTML_LANG, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { Column } from '../../shared/ui/ui.tsx';

/** A coupon's discount in words: "10% off", "¥500 off", "Invitation (one ticket free)". */
export function useDiscountText() {
  const { t } = useConsoleI18n();
  const f = useFormat();
  return (row: Pick<ConsoleCoupon, 'kind' | 'discount_value'>) =>
    row.kind === 'percent'
      ? t('coupons_value_percent', { value: row.discount_value ?? 0 })
      : row.kind === 'fixed'
        ? t('coupons_value_fixed', { value: f.yen(row.discount_value ?? 0) })
        : t('coupons_kind_invitation');
}

/** A payment method's name (`payment_method_<id>`: the console's own texts, as the orders and reports give it). */
export function useMethodWord() {
  const { t } = useConsoleI18n();
  return (method: string) => codeWord(t, 'payment_method_', method);
}

/** A coupon's payment-method condition in words (ADR 103): "Any payment method" or "Only when paid by …". */
export function usePaymentMethodsText() {
  const { t, lang } = useConsoleI18n();
  const word = useMethodWord();
  return (row: Pick<ConsoleCoupon, 'payment_methods'>) =>
    row.payment_methods === null
      ? t('coupons_payment_methods_any')
      : t('coupons_payment_methods_only', {
          methods: new Intl.ListFormat(HTML_LANG[lang], { type: 'disjunction' }).format(
            row.payment_methods.map(word),
          ),
        });
}

/** A list's discount cell: the discount, and under it the payment-method condition when there is one. */
export function useDiscountCell() {
  const discount = useDiscountText();
  const methods = usePaymentMethodsText();
  return (row: Pick<ConsoleCoupon, 'kind' | 'discount_value' | 'payment_methods'>) => (
    <>
      {discount(row)}
      {row.payment_methods !== null ? <div className="c-muted">{methods(row)}</div> : null}
    </>
  );
}

/** On or off as a word and a mark, not colour alone. */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useConsoleI18n();
  return (
    <span className={enabled ? 'c-coupon-badge c-coupon-badge--on' : 'c-coupon-badge c-coupon-badge--off'}>
      <span aria-hidden="true">{enabled ? '● ' : '○ '}</span>
      {enabled ? t('coupons_enabled') : t('coupons_disabled')}
    </span>
  );
}

/**
 * The uses and state columns of a table of codes, and for a writer a column to enable or disable each: the
 * coupon list's and a batch's codes.
 */
export function useCodeColumns(
  canWrite: boolean,
  toggle: { isPending: boolean; mutate: (row: ConsoleCoupon) => void },
): Column<ConsoleCoupon>[] {
  const { t } = useConsoleI18n();
  const f = useFormat();
  return [
    {
      key: 'uses',
      header: t('coupons_uses'),
      numeric: true,
      cell: (row) =>
        row.usage_limit === null
          ? f.count(row.used_count)
          : t('coupons_uses_of', { used: f.count(row.used_count), limit: f.count(row.usage_limit) }),
    },
    { key: 'state', header: t('state'), cell: (row) => <EnabledBadge enabled={row.enabled} /> },
    ...(canWrite
      ? [
          {
            key: 'actions',
            header: t('actions'),
            cell: (row: ConsoleCoupon) => (
              <button
                className="c-button c-button--small c-coupon-nowrap"
                type="button"
                disabled={toggle.isPending}
                aria-label={t(row.enabled ? 'coupons_disable_named' : 'coupons_enable_named', {
                  code: row.code,
                })}
                onClick={() => toggle.mutate(row)}
              >
                {row.enabled ? t('coupons_disable') : t('coupons_enable')}
              </button>
            ),
          },
        ]
      : []),
  ];
}
