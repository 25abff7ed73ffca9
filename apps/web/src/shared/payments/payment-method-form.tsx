import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDialogStore } from '../stores/dialog-store.ts';
import { VALIDATION_FORM_OPTIONS } from '../validation/index.ts';
import { CardFields } from './card-fields.tsx';
import { CardTokenError, createCardToken, type CardToken } from './card-token.ts';
import { createCard2Token } from './card2-token.ts';
import { deviceSessionId, preloadDeviceFingerprint } from './device-fingerprint.ts';
import { PaymentMethodIcon } from './payment-method-icons.tsx';
import type { PaymentOption, SavedPayment } from './payment-options.ts';
import { EMPTY_CARD, type PaymentValues } from './payment-values.ts';
import { createStripePaymentMethod } from './stripe-card.ts';
import { StripeCardFields, type StripeCardHandle } from './stripe-card-fields.tsx';

/** The payment-method form of one flow (booking, change-of-date top-up, spot): see usePaymentMethodForm. */
export type PaymentMethodForm = {
  form: UseFormReturn<PaymentValues>;
  options: PaymentOption[];
  /** The option whose radio is checked (the first one until the visitor chooses). */
  chosen: PaymentOption;
  /** A card is being turned into a token: the flow's submit button waits. */
  tokenizing: boolean;
  /** Receives the mounted Stripe card Element (StripeCardFields' onHandle). */
  onStripeHandle: (handle: StripeCardHandle | null) => void;
  /**
   * What the chosen method needs at checkout: `free`, a gateway-page or carrier method as it is, a card
   * as the gateway's one-time token and masked number. When the gateway refuses the card or cannot be
   * reached (CardTokenError), its dialog is open and the answer is null: the visitor corrects and tries
   * again. Never the card itself.
   */
  takePayment: (values: PaymentValues) => Promise<SavedPayment | null>;
};

/**
 * The method choice and card entry every payment screen shares: the react-hook-form, the chosen option and
 * the tokenization. `options` is not empty (the screens say "no methods" themselves); `initialMethod` (a
 * return from confirm) is chosen when it is still offered, else the first option.
 */
export function usePaymentMethodForm(
  options: PaymentOption[],
  /** Read from stored page data, so of any type; used only when it names an offered method. */
  initialMethod?: unknown,
): PaymentMethodForm {
  const [tokenizing, setTokenizing] = useState(false);
  const [stripeCard, setStripeCard] = useState<StripeCardHandle | null>(null);
  const [defaultValues] = useState<PaymentValues>(() => ({
    method: options.find((option) => option.method === initialMethod)?.method ?? options[0]!.method,
    ...EMPTY_CARD,
    email: '',
  }));
  const form = useForm<PaymentValues>({ ...VALIDATION_FORM_OPTIONS, defaultValues });
  const method = useWatch({ control: form.control, name: 'method' });
  const chosen = options.find((option) => option.method === method) ?? options[0]!;

  // The site's fraud-screening script loads with the payment screen, ahead of the card (spec §3).
  const fingerprintUrl = 'fingerprintScriptUrl' in chosen ? chosen.fingerprintScriptUrl : undefined;
  useEffect(() => {
    if (fingerprintUrl) preloadDeviceFingerprint(fingerprintUrl);
  }, [fingerprintUrl]);

  const tokenOf = (option: Extract<PaymentOption, { kind: 'card' | 'element' }>, values: PaymentValues) => {
    if (option.kind === 'card') {
      const card = {
        number: values.cardNumber,
        month: values.expiryMonth,
        year: values.expiryYear,
        securityCode: values.securityCode,
        name: values.cardName,
      };
      // The site's second or third processor (ADR 101) speaks its own token protocol; else GMO-PG's.
      return option.processor ? createCard2Token(option, card) : createCardToken(option, card);
    }
    // The Element is not mounted (Stripe.js did not load): the gateway cannot be reached.
    if (!stripeCard) return Promise.reject(new CardTokenError('gateway'));
    return createStripePaymentMethod(stripeCard.stripe, stripeCard.card, values.cardName);
  };

  const takePayment = async (values: PaymentValues): Promise<SavedPayment | null> => {
    if (chosen.kind === 'free') return { method: 'free' };
    // Paid on the gateway's or the carrier's own pages after checkout: nothing more to take here.
    if (chosen.kind === 'redirect' || chosen.kind === 'carrier') return { method: chosen.method };
    // A card not yet whole in Stripe's Element is the visitor's to finish, said beside it: no gateway call.
    if (chosen.kind === 'element' && stripeCard && !stripeCard.isComplete()) {
      stripeCard.flagIncomplete();
      return null;
    }
    setTokenizing(true);
    let card: CardToken;
    let session: string | undefined;
    try {
      // Before tokenising: the device session the processor screens the payment against.
      session = chosen.fingerprintScriptUrl ? await deviceSessionId(chosen.fingerprintScriptUrl) : undefined;
      card = await tokenOf(chosen, values);
    } catch (error) {
      if (!(error instanceof CardTokenError)) throw error;
      useDialogStore.getState().open({
        titleKey: `payment_${error.reason}_error_title`,
        textKey: `payment_${error.reason}_error_text`,
        okButtonTextKey: 'error_dialog_ok',
      });
      return null;
    } finally {
      setTokenizing(false);
    }
    return {
      method: chosen.method,
      token: card.token,
      maskedCardNo: card.maskedCardNo,
      ...(session ? { deviceSessionId: session } : {}),
    };
  };

  return { form, options, chosen, tokenizing, onStripeHandle: setStripeCard, takePayment };
}

const systemNow = () => new Date();

/** A flow's own card look (CheckoutPanel, ChangeDatePanel, SpotPanel): titled when given a title. */
export type PaymentPanel = ComponentType<{ title?: string; id?: string; children: ReactNode }>;

/**
 * The method radio group (with a card or phone icon), then the chosen method's panel: the card entry
 * (CardFields, or Stripe's StripeCardFields), the note that the gateway's own page follows, or the carrier's
 * note; for a free order only the note that nothing is to be paid. Each flow keeps its panel look: `Panel`,
 * the class of its panel titles and texts, and the prefix of the panels' ids (`{idPrefix}-card`).
 */
export function PaymentMethodFields({
  payment,
  Panel,
  titleClassName,
  textClassName,
  idPrefix,
  redirectTextKey = 'sbps_redirect_text',
  now = systemNow,
}: {
  payment: PaymentMethodForm;
  Panel: PaymentPanel;
  titleClassName: string;
  textClassName: string;
  idPrefix: string;
  /** The gateway-page note: booking's says the page follows its confirm screen. */
  redirectTextKey?: string;
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const { form, options, chosen, onStripeHandle } = payment;
  if (chosen.kind === 'free') {
    return (
      <Panel>
        <p className={textClassName}>{t('payment_free_text')}</p>
      </Panel>
    );
  }
  return (
    <>
      <Panel>
        <fieldset className="payment-methods">
          <legend className={titleClassName}>{t('payment_method_legend')}</legend>
          {options.map((option) =>
            option.kind !== 'free' ? (
              <label key={option.method} className="payment-method">
                <input
                  type="radio"
                  value={option.method}
                  className="payment-method__radio"
                  {...form.register('method')}
                />
                <span className="payment-method__name">{option.name}</span>
                <PaymentMethodIcon method={option.method} />
              </label>
            ) : null,
          )}
        </fieldset>
      </Panel>
      {chosen.kind === 'card' ? (
        <Panel id={`${idPrefix}-card`} title={t('payment_card_legend')}>
          <CardFields form={form} testMode={chosen.testMode} now={now} />
        </Panel>
      ) : null}
      {chosen.kind === 'element' ? (
        <Panel id={`${idPrefix}-card`} title={t('payment_card_legend')}>
          <StripeCardFields
            key={chosen.method}
            form={form}
            scriptUrl={chosen.scriptUrl}
            publishableKey={chosen.shopId}
            testMode={chosen.testMode}
            onHandle={onStripeHandle}
          />
        </Panel>
      ) : null}
      {chosen.kind === 'redirect' ? (
        <Panel id={`${idPrefix}-gateway-page`}>
          <p className={textClassName}>{t(redirectTextKey)}</p>
        </Panel>
      ) : null}
      {chosen.kind === 'carrier' ? (
        <Panel id={`${idPrefix}-carrier`}>
          <p className={textClassName}>{t('payment_dpay_note')}</p>
        </Panel>
      ) : null}
    </>
  );
}
