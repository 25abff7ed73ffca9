import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { MovedVisitResponse } from '@kippu/contract/endpoints/moved-visits';
import { ApiError } from '../../../shared/api/api-client.ts';
import { useFormatters } from '../../../shared/format/use-formatters.ts';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { paths } from '../../../shared/routing/paths.ts';
import { useCoreStore } from '../../../shared/stores/core-store.ts';
import { useDialogStore } from '../../../shared/stores/dialog-store.ts';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { chooseMovedVisitSlot, movedVisitQuery, refundMovedVisit } from '../api/moved-visit-api.ts';
import { MovedVisitPanel } from '../parts/moved-visit-panel.tsx';
import { SlotChoice } from '../parts/slot-choice.tsx';
import { VisitSummary } from '../parts/visit-summary.tsx';
import '../parts/moved-visit.css';

/** What the page says once the visit is no longer open, by its status. */
const OUTCOME_KEYS: Record<Exclude<MovedVisitResponse['status'], 'open'>, string> = {
  chosen: 'moved_visit_outcome_chosen',
  refunded: 'moved_visit_outcome_refunded',
  expired: 'moved_visit_outcome_expired',
  closed: 'moved_visit_outcome_closed',
};

/** The deadline passed: the catalogue's localized dialog, the same one a late POST answers with (410). */
function openExpiredDialog() {
  useDialogStore.getState().open({
    titleKey: 'error_dialog_moved_visit_expired_title',
    textKey: 'error_dialog_moved_visit_expired_text',
    okButtonTextKey: 'error_dialog_ok',
  });
}

/**
 * A moved visit (`#/moved-visit/:token`, the link in the "your visit was moved" mail; issue 29, ADR 079):
 * the time bought and the new one, the deadline, and three choices until then: keep the new time (nothing
 * to send: the move stands), choose another time among the slots with room, or give the reservation back
 * for a refund (after a confirmation). After the deadline the page shows the visit and the expired dialog.
 */
export default function MovedVisitScreen() {
  const { t } = useTranslation();
  const lang = useActiveLang();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const { token = '' } = useParams();
  const currency = useCoreStore((state) => state.configuration?.settings.currency);
  const query = useQuery(movedVisitQuery(token, lang));
  const [choice, setChoice] = useState<'none' | 'keep' | 'other'>('none');
  const [busy, setBusy] = useState(false);
  const visit = query.data;
  const expiredShown = useRef(false);

  useEffect(() => {
    if (visit?.status !== 'expired' || expiredShown.current) return;
    expiredShown.current = true;
    openExpiredDialog();
  }, [visit?.status]);

  const act = async (send: () => Promise<MovedVisitResponse>) => {
    setBusy(true);
    try {
      queryClient.setQueryData(movedVisitQuery(token, lang).queryKey, await send());
      setChoice('none');
    } catch (error) {
      // The refusal (full meanwhile, past the deadline: moved_visit_expired) has shown its dialog.
      if (!(error instanceof ApiError)) throw error;
      void query.refetch();
    } finally {
      setBusy(false);
    }
  };

  const askRefund = (paid: number) =>
    useDialogStore.getState().open({
      titleKey: 'moved_visit_refund_confirm_title',
      text: t('moved_visit_refund_confirm_text', { amount: format.price(paid, currency) }),
      okButtonTextKey: 'moved_visit_refund_confirm_ok',
      ngButtonTextKey: 'moved_visit_refund_confirm_cancel',
      okAction: () => void act(() => refundMovedVisit(token, lang)),
    });

  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="moved-visit-page">
      <ScreenHero title={t('screen_moved_visit_title')} />
      <div className="moved-visit-page__content">
        {!visit ? (
          query.isPending ? (
            <div className="moved-visit-skeleton" aria-busy="true">
              <span className="visually-hidden">{t('common_loading')}</span>
            </div>
          ) : (
            <MovedVisitPanel>
              <p className="moved-visit-text" role="alert">
                {t(notFound ? 'moved_visit_not_found' : 'moved_visit_load_failed')}
              </p>
              {notFound ? null : (
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void query.refetch()}
                >
                  {t('moved_visit_retry')}
                </button>
              )}
            </MovedVisitPanel>
          )
        ) : (
          <>
            <VisitSummary visit={visit} />
            {visit.status === 'open' ? (
              <MovedVisitPanel id="moved-visit-choices" title={t('moved_visit_choices_title')}>
                <div className="moved-visit-actions">
                  <button
                    type="button"
                    className="button button--primary"
                    aria-pressed={choice === 'keep'}
                    onClick={() => setChoice('keep')}
                  >
                    {t('moved_visit_keep')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-pressed={choice === 'other'}
                    aria-controls="moved-visit-other"
                    onClick={() => setChoice('other')}
                  >
                    {t('moved_visit_choose_other')}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() => askRefund(visit.paid)}
                  >
                    {t('moved_visit_refund')}
                  </button>
                </div>
                {choice === 'keep' ? (
                  <p className="moved-visit-text moved-visit-text--done" role="status">
                    {t('moved_visit_kept')}
                  </p>
                ) : null}
              </MovedVisitPanel>
            ) : (
              <MovedVisitPanel>
                <p className="moved-visit-text" role="status" data-testid="moved-visit-outcome">
                  {t(OUTCOME_KEYS[visit.status])}
                </p>
              </MovedVisitPanel>
            )}
            {visit.status === 'open' && choice === 'other' ? (
              <div id="moved-visit-other">
                <SlotChoice
                  visit={visit}
                  busy={busy}
                  onChoose={(timeSpanId) => void act(() => chooseMovedVisitSlot(token, timeSpanId, lang))}
                />
              </div>
            ) : null}
            {visit.status === 'refunded' || visit.status === 'closed' ? null : (
              <Link
                className="button button--secondary moved-visit-tickets"
                to={paths.ticket.getHref({ reservationToken: visit.reservation_token })}
              >
                {t('moved_visit_to_tickets')}
              </Link>
            )}
          </>
        )}
      </div>
    </div>
  );
}
