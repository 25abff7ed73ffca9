import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RefundApprovalsResponse, RefundSummaryAnswer } from '@kippu/contract/console/refunds-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { TEXTS } from './texts.ts';
import './refund-approvals.css';

type Waiting = RefundApprovalsResponse['refunds'][number];
type Decision = 'approve' | 'reject';

const approvalsKey = (site: string) => ['console', 'refund-approvals', site] as const;

/**
 * Refunds above the organisation's limit waiting for a second staff member (separation of duties, ADR
 * 076): who asked, how much, the order. Approve or reject asks the password again (the client's dialog).
 * The requester sees their own refund but cannot decide it; a role that refunds only up to the limit
 * (box office) sees the list and cannot decide any; the server checks both whatever this screen shows.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const site = params.site!;
  const [deciding, setDeciding] = useState<{ refund: Waiting; decision: Decision } | null>(null);
  const [done, setDone] = useState<{ answer: RefundSummaryAnswer; decision: Decision } | null>(null);
  const list = useQuery({
    queryKey: approvalsKey(site),
    queryFn: () => consoleCall(R.consoleListRefundApprovals, { params: { site } }),
  });
  const upToLimit = Boolean(session.limits?.refundsUpToOrganisationLimit);
  return (
    <Page title={t('approvals_title')}>
      <p className="c-field__hint c-approvals-text">{t('approvals_text')}</p>
      {upToLimit ? (
        <p className="c-notice" role="note">
          {t('approvals_up_to_limit')}
        </p>
      ) : null}
      {done ? (
        <p className="c-notice c-notice--ok" role="status">
          {done.decision === 'approve'
            ? t('approvals_approved', { amount: f.yen(done.answer.amount) })
            : t('approvals_rejected', { amount: f.yen(done.answer.amount) })}
        </p>
      ) : null}
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('approvals_list')}
          rows={list.data.refunds}
          rowKey={(refund) => refund.id}
          empty={t('approvals_none')}
          columns={[
            {
              key: 'order',
              header: t('approvals_order'),
              cell: (refund) => (
                <a className="c-link" href={hrefOf('order', { site, orderId: String(refund.order_id) })}>
                  {refund.reservation_number}
                </a>
              ),
            },
            {
              key: 'amount',
              header: t('approvals_amount'),
              numeric: true,
              cell: (refund) => f.yen(refund.amount),
            },
            {
              key: 'tickets',
              header: t('approvals_tickets'),
              numeric: true,
              cell: (refund) => f.count(refund.ticket_ids.length),
            },
            {
              key: 'reason',
              header: t('approvals_reason'),
              cell: (refund) => <Reason code={refund.reason} />,
            },
            { key: 'by', header: t('approvals_requested_by'), cell: (refund) => refund.requested_by },
            {
              key: 'at',
              header: t('approvals_requested_at'),
              cell: (refund) => f.dateTime(refund.requested_at),
            },
            {
              key: 'limit',
              header: t('approvals_limit'),
              numeric: true,
              cell: (refund) => f.yen(refund.limit_yen),
            },
            {
              key: 'actions',
              header: t('actions'),
              cell: (refund) =>
                refund.own ? (
                  <span className="c-muted">{t('approvals_own')}</span>
                ) : upToLimit ? (
                  <span className="c-muted">{t('approvals_cannot_decide')}</span>
                ) : (
                  <span className="c-actions c-approvals-actions">
                    <button
                      className="c-button c-button--small c-button--primary"
                      type="button"
                      aria-label={t('approvals_approve_named', {
                        number: refund.reservation_number,
                        amount: f.yen(refund.amount),
                      })}
                      onClick={() => {
                        setDone(null);
                        setDeciding({ refund, decision: 'approve' });
                      }}
                    >
                      {t('approvals_approve')}
                    </button>
                    <button
                      className="c-button c-button--small c-button--danger"
                      type="button"
                      aria-label={t('approvals_reject_named', {
                        number: refund.reservation_number,
                        amount: f.yen(refund.amount),
                      })}
                      onClick={() => {
                        setDone(null);
                        setDeciding({ refund, decision: 'reject' });
                      }}
                    >
                      {t('approvals_reject')}
                    </button>
                  </span>
                ),
            },
          ]}
        />
      ) : null}
      {deciding ? (
        <DecisionDialog
          site={site}
          refund={deciding.refund}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={(answer) => {
            setDeciding(null);
            setDone({ answer, decision: deciding.decision });
          }}
        />
      ) : null}
    </Page>
  );
}

/** A reason in words when it is one the cancel dialog offers, else as staff typed it. */
function Reason({ code }: { code: string }) {
  const { t } = useConsoleI18n();
  const key = `approvals_reason_${code}`;
  const text = t(key);
  return <>{text === key ? code : text}</>;
}

function DecisionDialog({
  site,
  refund,
  decision,
  onClose,
  onDone,
}: {
  site: string;
  refund: Waiting;
  decision: Decision;
  onClose: () => void;
  onDone: (answer: RefundSummaryAnswer) => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: () =>
      consoleCall(decision === 'approve' ? R.consoleApproveRefund : R.consoleRejectRefund, {
        params: { site, id: String(refund.id) },
        body: note.trim() ? { note: note.trim() } : {},
      }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: approvalsKey(site) });
      // The order's page shows the refund's new state.
      await client.invalidateQueries({ queryKey: ['console', 'orders', site] });
      onDone(answer);
    },
  });
  const values = { number: refund.reservation_number, amount: f.yen(refund.amount) };
  return (
    <Dialog
      title={decision === 'approve' ? t('approvals_approve_title') : t('approvals_reject_title')}
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate();
        }}
      >
        <p>
          {decision === 'approve' ? t('approvals_approve_text', values) : t('approvals_reject_text', values)}
        </p>
        <Field
          label={t('approvals_note')}
          hint={t('approvals_note_hint')}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
        <ErrorNotice error={decide.error} />
        <div className="c-actions">
          <button
            className={`c-button ${decision === 'approve' ? 'c-button--primary' : 'c-button--danger'}`}
            type="submit"
            disabled={decide.isPending}
          >
            {decision === 'approve' ? t('approvals_approve_submit', values) : t('approvals_reject_submit')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export const RefundApprovalsScreen = featureScreen(TEXTS, Body);
