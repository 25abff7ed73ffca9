import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { useToastStore } from '../../../shared/stores/toast-store.ts';
import { sendConfirmationMail } from './api/order-mails.ts';

/**
 * "Send the email again": POST /ordermails/{id} once more, confirmed by a toast. The server limits how
 * often (a refusal shows its dialog); the button is disabled while a send is under way.
 */
export function useResendMail(orderToken: string | null) {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    if (!orderToken || sending) return;
    setSending(true);
    try {
      await sendConfirmationMail(orderToken, lang);
      useToastStore.getState().setToastText(t('mail_sent_resent'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSending(false);
    }
  };

  return { resend, sending };
}
