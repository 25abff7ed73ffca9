import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../shared/routing/paths.ts';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { cancelTimeChange, checkoutTimeChange } from '../api/change-date-api.ts';
import { ChangeDateFrame, ChangeDateLoadState, ChangeDatePanel } from '../parts/change-date-frame.tsx';
import { ChangeSummary } from '../parts/change-summary.tsx';
import { finishChange } from '../parts/finish-change.ts';
import { useTimeChange } from '../parts/use-time-change.ts';

/**
 * Confirm (spec §2 `/tickets/changedate/confirm/:reservationToken/timechange/:timechangeToken`): the held
 * new visit against the old one, the prices and the policy. With a top-up the visitor goes on to pay it;
 * with nothing to pay the change completes here. "Choose another time" gives the held slot back.
 */
export default function ChangeDateConfirmScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reservationToken, timechangeToken, query, notFound } = useTimeChange();
  const [submitting, setSubmitting] = useState(false);
  const change = query.data;

  const complete = async () => {
    if (!change) return;
    setSubmitting(true);
    try {
      const answer = await checkoutTimeChange(reservationToken, timechangeToken, {
        payment_method_type: 'free',
      });
      if (finishChange(answer, change, { reservationToken, timechangeToken }, queryClient))
        navigate(paths.changeDateComplete.getHref({ reservationToken }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  };

  const chooseAgain = async () => {
    setSubmitting(true);
    try {
      await cancelTimeChange(reservationToken, timechangeToken);
    } finally {
      setSubmitting(false);
    }
    navigate(paths.changeDate.getHref({ reservationToken }, { ref: 'c' }));
  };

  return (
    <ChangeDateFrame title={t('screen_change_date_confirm_title')} step="confirm">
      {!change ? (
        notFound ? (
          <ChangeDatePanel>
            <p className="change-date-text">{t('change_date_change_not_found')}</p>
          </ChangeDatePanel>
        ) : (
          <ChangeDateLoadState query={query} />
        )
      ) : change.status !== 'pending' ? (
        <ChangeDatePanel>
          <p className="change-date-text" role="status">
            {t(change.status === 'done' ? 'change_date_already_done' : 'change_date_over')}
          </p>
          <Link className="button button--primary" to={paths.changeDate.getHref({ reservationToken })}>
            {t('change_date_start_again')}
          </Link>
        </ChangeDatePanel>
      ) : (
        <>
          <ChangeSummary change={change} />
          <p className="change-date-text change-date-text--muted">
            {t('change_date_held_until', { time: format.time(change.expires_at) })}
          </p>
          <div className="change-date-actions">
            {change.top_up > 0 ? (
              <Link
                className="button button--primary"
                to={paths.changeDatePayment.getHref({ reservationToken, timechangeToken })}
              >
                {t('change_date_to_payment')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={submitting}
                onClick={() => void complete()}
              >
                {t('change_date_confirm_change')}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              disabled={submitting}
              onClick={() => void chooseAgain()}
            >
              {t('change_date_choose_again')}
            </button>
          </div>
        </>
      )}
    </ChangeDateFrame>
  );
}
