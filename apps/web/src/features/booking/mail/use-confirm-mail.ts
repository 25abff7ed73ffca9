import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { useNextStep } from '../steps/booking-steps.ts';
import { confirmMailQuery } from './api/order-mails.ts';

/**
 * The mail link's work (`/mail-confirm?token=`): GET /ordermails/{token} confirms the address and answers
 * the order token, which becomes this tab's order (the link may be opened in another browser, where the
 * session is empty, or in a tab that held another order: its saved pages are dropped). The link's token is
 * kept with that order, so the order's sign-in step, visited again, asks for no second mail
 * (confirmed-mail.ts). Then on to the step after sign-in (payment). An invitation's link (MORI) starts its
 * order here the same way.
 */
export function useConfirmMail(mailToken: string | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nextHref = useNextStep('sign-in');
  const confirmation = useQuery({ ...confirmMailQuery(mailToken ?? ''), enabled: !!mailToken });
  const done = useRef(false);
  const orderToken = confirmation.data?.order_token;

  useEffect(() => {
    if (!orderToken || !mailToken || done.current) return;
    done.current = true;
    const store = useCoreStore.getState();
    if (store.orderToken !== orderToken) store.resetOrder();
    store.set({ mailToken: { token: mailToken, orderToken }, orderToken });
    useToastStore.getState().setToastText(t('mail_confirm_confirmed'));
    navigate(nextHref, { replace: true });
  }, [orderToken, mailToken, navigate, nextHref, t]);

  return confirmation;
}
