import { useTranslation } from 'react-i18next';
import type { CheckInAnswer } from '@kippu/contract/endpoints/check-in';
import { formatDate, formatTime, formatTimeRange } from '@kippu/contract/format/date';
import type { LangCode } from '@kippu/contract/enums';

/** The colour family of a result: green admits, amber waits (wrong time), red refuses. */
export function outcomeTone(result: CheckInAnswer['result']): 'go' | 'wait' | 'stop' {
  if (result === 'success' || result === 'available') return 'go';
  return result === 'invalid_time' ? 'wait' : 'stop';
}

const MARK = { go: '✓', wait: '!', stop: '✕' } as const;

/**
 * A check-in's answer, for staff at arm's length: colour, a large mark and words (never colour alone),
 * the ticket's product, type and slot. Lives inside the caller's live region, so a screen reader reads it.
 */
export function CheckInOutcome({
  answer,
  lang,
  offline = false,
}: {
  answer: CheckInAnswer;
  lang: LangCode;
  offline?: boolean;
}) {
  const { t } = useTranslation();
  const tone = outcomeTone(answer.result);
  const ticket = answer.ticket;
  const usedAt = answer.result === 'used' && ticket?.checked_in_at ? formatTime(ticket.checked_in_at) : null;
  return (
    <div className={`check-in-outcome check-in-outcome--${tone}`} data-result={answer.result}>
      <p className="check-in-outcome__headline">
        <span className="check-in-outcome__mark" aria-hidden="true">
          {MARK[tone]}
        </span>
        <span>{t(`check_in_result_${answer.result}`)}</span>
      </p>
      {answer.result === 'success' && answer.admitted > 1 ? (
        <p className="check-in-outcome__count">{t('check_in_admit_count', { count: answer.admitted })}</p>
      ) : null}
      {usedAt ? <p>{t('check_in_used_at', { time: usedAt })}</p> : null}
      {offline ? <p>{t('check_in_offline_queued')}</p> : null}
      {ticket ? (
        <dl className="check-in-outcome__ticket">
          <dt>{t('check_in_ticket')}</dt>
          <dd>
            {ticket.product_name} · {ticket.option_name} #{ticket.sequence}
          </dd>
          <dt>{t('check_in_visit')}</dt>
          <dd>
            {formatDate(ticket.starts_at, lang)} {formatTimeRange(ticket.starts_at, ticket.ends_at, lang)}
          </dd>
        </dl>
      ) : null}
    </div>
  );
}
