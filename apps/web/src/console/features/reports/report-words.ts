import { useMemo } from 'react';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

/**
 * The words for codes a report shows or filters by (payment methods, gateways, channels, kinds of money
 * movement, statuses): the feature's text when it has one (a payment method's is the console's own, as every
 * screen names it), else the code itself, so a code added on the server later still shows rather than a blank.
 */
export function useReportWords() {
  const { t } = useConsoleI18n();
  return useMemo(() => {
    const word = (prefix: string, code: string) => {
      const key = `${prefix}${code.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
      const text = t(key);
      return text === key ? code : text;
    };
    return {
      word,
      method: (code: string) => word('payment_method_', code),
      channel: (code: string) => word('reports_channel_', code),
    };
  }, [t]);
}
