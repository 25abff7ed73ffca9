import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { sendConfirmationMail } from '../mail/api/order-mails.ts';
import { sameAddress } from '../mail/confirmed-mail.ts';
import { useNextStep } from '../steps/booking-steps.ts';
import { temporaryOrderKey } from '../steps/temporary-order-query.ts';
import { updateCustomerInfo } from './api/update-customer-info.ts';
import { customerInfoBody, type SignInField, type SignInValues } from './sign-in-fields.ts';

/**
 * Submitting the sign-in form: PUT /orders/{id} with the displayed fields, then
 *  - on a site that confirms e-mail addresses, POST /ordermails/{id} and the "check your inbox" screen;
 *  - otherwise the next step of the flow (payment).
 * A return from the confirm screen (`?ref=c`) goes back there, unless the address changed on a site that
 * confirms addresses: a new address is confirmed again. The address a mail link already confirmed for this
 * order (`confirmedEmail`) is not mailed again: the order is ready for payment on the server. A new mail
 * ends that confirmation here (the stored mailToken), since it is for another address. The entered values
 * are kept (savedSignIn) for a later return. A failed call has shown its dialog (API client); the visitor
 * stays on the form.
 */
export function useSubmitSignIn(
  fields: SignInField[],
  isReturn: boolean,
  confirmedEmail: string | null = null,
) {
  const lang = useActiveLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nextHref = useNextStep('sign-in');
  const isMailConfirm = useCoreStore((state) => state.configuration?.settings.isMailConfirm ?? true);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: SignInValues) => {
    const store = useCoreStore.getState();
    const orderToken = store.orderToken;
    if (!orderToken || submitting) return;
    const previousEmail = store.savedSignIn?.email;
    setSubmitting(true);
    try {
      await updateCustomerInfo(orderToken, customerInfoBody(fields, values));
      store.set({ savedSignIn: { ...values } });
      void queryClient.invalidateQueries({ queryKey: temporaryOrderKey(orderToken) });
      const confirmed = sameAddress(values.email, confirmedEmail);
      if (isReturn && (!isMailConfirm || values.email === previousEmail || confirmed)) {
        navigate(paths.confirm.getHref());
      } else if (isMailConfirm && !confirmed) {
        store.set({ mailToken: null });
        await sendConfirmationMail(orderToken, lang);
        navigate(paths.sendedMail.getHref());
      } else {
        navigate(nextHref);
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  return { submit, submitting };
}
