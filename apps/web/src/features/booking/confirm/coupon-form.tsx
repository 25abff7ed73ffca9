import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderCoupon } from '@kippu/contract/endpoints/order-coupons';
import type { Currency } from '@kippu/contract/format/price';
import { codeCharacters, halfWidthCode } from '@kippu/contract/validation/typed-code';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { fieldError } from '../../../shared/validation/field-error.ts';
import { temporaryOrderKey } from '../steps/temporary-order-query.ts';
import { applyCoupon, removeCoupon } from './api/confirm-calls.ts';

/**
 * Coupon entry and removal on the confirm screen (spec §7 ordercoupons). The server decides every rule;
 * a refused code has already shown its own dialog (API client), so this only refreshes the order (its
 * price and coupons) after a change and says what happened.
 */
export function CouponForm({
  orderToken,
  coupons,
  currency,
  disabled,
}: {
  orderToken: string;
  coupons: OrderCoupon[];
  currency: Currency;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [code, setCode] = useState('');
  // Applying empties the field and removing drops the pressed button: focus goes back to the field
  // rather than being lost to the page.
  const input = useRef<HTMLInputElement>(null);
  const refreshOrder = () => queryClient.invalidateQueries({ queryKey: temporaryOrderKey(orderToken) });

  const apply = useMutation({
    mutationFn: (couponCode: string) => applyCoupon(orderToken, couponCode),
    onSuccess: async (coupon) => {
      setCode('');
      await refreshOrder();
      input.current?.focus();
      useToastStore.getState().setToastText(t('confirm_coupon_applied', { name: coupon.coupon_name }));
    },
  });
  const remove = useMutation({
    mutationFn: (couponId: number) => removeCoupon(orderToken, couponId),
    onSuccess: async () => {
      await refreshOrder();
      input.current?.focus();
      useToastStore.getState().setToastText(t('confirm_coupon_removed'));
    },
  });
  const busy = disabled || apply.isPending || remove.isPending;
  const label = t('confirm_coupon_code');
  // Spec §5 alpha_num, checked as the visitor types: a code is letters and digits (its `-` and `_` aside).
  const error = fieldError(codeCharacters(code), ['alpha_num'], { field: label }, {}, t);
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = halfWidthCode(code);
    if (typed && !error && !busy) apply.mutate(typed);
  };

  return (
    <>
      {coupons.length > 0 ? (
        <ul className="confirm-coupons" aria-label={t('confirm_coupons_applied')}>
          {coupons.map((coupon) => (
            <li key={coupon.id} className="confirm-coupon">
              <span className="confirm-coupon__text">
                <span className="confirm-coupon__name">{coupon.coupon_name}</span>
                <span className="confirm-coupon__code">{coupon.coupon_code}</span>
              </span>
              <span className="confirm-coupon__discount">
                {format.price(-coupon.coupon_discount, currency)}
              </span>
              <button
                type="button"
                className="confirm-coupon__remove"
                aria-label={t('confirm_coupon_remove_named', { name: coupon.coupon_name })}
                disabled={busy}
                onClick={() => remove.mutate(coupon.id)}
              >
                {t('confirm_coupon_remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="confirm-coupon-form" onSubmit={submit} noValidate>
        <label className="confirm-coupon-form__label" htmlFor={inputId}>
          {label}
        </label>
        <div className="confirm-coupon-form__row">
          <input
            ref={input}
            id={inputId}
            className="confirm-coupon-form__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <button
            type="submit"
            className="button button--secondary"
            disabled={busy || code.trim() === '' || error !== null}
          >
            {apply.isPending ? t('confirm_coupon_applying') : t('confirm_coupon_apply')}
          </button>
        </div>
        {error ? (
          <p id={errorId} className="form-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </>
  );
}
