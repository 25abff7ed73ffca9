import { useMemo } from 'react';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

/**
 * The words for codes a report shows or filters by (payment methods, gateways, channels, kinds of money
 * movement, statuses), each as `codeWord` finds it (a payment method's text is the console's own, as every
 * screen names it).
 */
export function useReportWords() {
  const { t } = useConsoleI18n();
  return useMemo(() => {
    const word = (prefix: string, code: string) => codeWord(t, prefix, code);
    return {
      word,
      method: (code: string) => word('payment_method_', code),
      channel: (code: string) => word('reports_channel_', code),
    };
  }, [t]);
}
