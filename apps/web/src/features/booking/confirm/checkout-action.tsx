import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import type { CheckoutPhase } from './use-checkout.ts';

/** The terms of use: the site's own page when it configures one (spec §2 footer rule), else ours. */
function TermsLink() {
  const { t } = useTranslation();
  const termsUrl = useCoreStore((state) => state.configuration?.settings.footer.termsUrl ?? null);
  const text = (
    <>
      {t('confirm_terms_link')}
      <span className="visually-hidden"> {t('common_opens_new_tab')}</span>
    </>
  );
  // A new tab keeps the visitor's place on this screen while they read.
  return termsUrl ? (
    <a href={termsUrl} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  ) : (
    <Link to={paths.terms.getHref()} target="_blank">
      {text}
    </Link>
  );
}

/**
 * The terms agreement and the checkout button. The button stays enabled until pressed so a visitor who
 * has not ticked the box learns why (message, focus on the box) instead of facing a dead button; once
 * pressed it is disabled for as long as the call is in flight and while the page leaves.
 */
export function CheckoutAction({
  phase,
  canPay,
  onCheckout,
}: {
  phase: CheckoutPhase;
  canPay: boolean;
  onCheckout: () => void;
}) {
  const { t } = useTranslation();
  const checkboxId = useId();
  const errorId = useId();
  const checkbox = useRef<HTMLInputElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [triedWithoutAgreeing, setTriedWithoutAgreeing] = useState(false);
  const showError = triedWithoutAgreeing && !agreed;
  const busy = phase !== 'idle';

  const press = () => {
    if (!agreed) {
      setTriedWithoutAgreeing(true);
      checkbox.current?.focus();
      return;
    }
    onCheckout();
  };

  return (
    <div className="confirm-action">
      <div className={`confirm-terms${showError ? ' confirm-terms--error' : ''}`}>
        <input
          ref={checkbox}
          id={checkboxId}
          className="confirm-terms__checkbox"
          type="checkbox"
          checked={agreed}
          disabled={busy}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? errorId : undefined}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <label htmlFor={checkboxId} className="confirm-terms__label">
          {t('confirm_terms_agree')}
        </label>
      </div>
      {showError ? (
        <p id={errorId} className="confirm-terms__error">
          {t('confirm_terms_required')}
        </p>
      ) : null}
      <p className="confirm-terms__read">
        <TermsLink />
      </p>
      <button
        type="button"
        className="button button--primary confirm-action__submit"
        disabled={busy || !canPay}
        aria-busy={busy || undefined}
        onClick={press}
      >
        {busy ? t('confirm_checkout_processing') : t('confirm_checkout')}
      </button>
      <p className="confirm-action__status" role="status">
        {busy ? t('confirm_checkout_wait') : ''}
      </p>
    </div>
  );
}
