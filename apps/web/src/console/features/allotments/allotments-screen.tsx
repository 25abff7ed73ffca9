import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ALLOTMENT_QUANTITY_MAX,
  type Allotment,
  type CreateAllotmentBody,
  type UpdateAllotmentBody,
} from '@kippu/contract/console/allotments-schemas';
import { permits } from '@kippu/contract/console/permissions';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { fromTokyoLocal, textIn, tokyoLocal } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { AllotmentForm, wholeIn } from './allotment-form.tsx';
import { TEXTS } from './texts.ts';

/** Today in Tokyo (the venues' zone) and `days` later, as yyyy-MM-dd. */
const tokyoDay = (days = 0) =>
  new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Range = { from: string; to: string; partner: string };

/**
 * The site's allotments: seats of a slot reserved for a partner, per slot in a date range: how many, how
 * many the partner sold, what remains and when the rest returns to general sale. Staff with integrations
 * write add, change and remove them; a refusal (seats not free, fewer than sold) shows the API's message.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const site = params.site!;
  const canWrite = Boolean(session.permissions && permits(session.permissions.integrations, 'write'));
  const [draft, setDraft] = useState<Range>({ from: tokyoDay(), to: tokyoDay(13), partner: '' });
  const [range, setRange] = useState<Range>(draft);
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<Allotment | null>(null);
  const key = ['console', 'allotments', site] as const;
  const query = {
    from: range.from || undefined,
    to: range.to || undefined,
    partner_id: range.partner || undefined,
  };
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: () => consoleCall(R.consoleListAllotments, { params: { site }, query: query as never }),
    placeholderData: keepPreviousData,
  });
  const partners = useQuery({
    queryKey: ['console', 'partners', 'list'],
    queryFn: () => consoleCall(R.consoleListPartners),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (body: CreateAllotmentBody) =>
      consoleCall(R.consoleCreateAllotment, { params: { site }, body }),
    onSuccess: () => {
      setCreating(false);
      return refresh();
    },
  });
  const change = useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAllotmentBody }) =>
      consoleCall(R.consoleUpdateAllotment, { params: { site, id }, body }),
    onSuccess: () => {
      setChanging(null);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleDeleteAllotment, { params: { site, id } }),
    onSuccess: refresh,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const slotOf = (row: Allotment) => `${f.dateTime(row.starts_at)}–${f.time(row.ends_at)}`;
  return (
    <Page
      title={t('allotments_title')}
      actions={
        canWrite && !creating ? (
          <button className="c-button c-button--primary" type="button" onClick={() => setCreating(true)}>
            {t('allotments_new')}
          </button>
        ) : null
      }
    >
      <p>{t('allotments_text')}</p>
      {creating ? (
        <AllotmentForm
          site={site}
          partners={partners.data?.partners ?? []}
          day={range.from || tokyoDay()}
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) => create.mutate(body)}
          onCancel={() => {
            create.reset();
            setCreating(false);
          }}
        />
      ) : null}
      <form className="c-filters" role="search" aria-label={t('allotments_filters')} onSubmit={apply}>
        <div className="c-field">
          <label htmlFor="c-allotments-from">{t('allotments_from')}</label>
          <input
            id="c-allotments-from"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="c-field">
          <label htmlFor="c-allotments-to">{t('allotments_to')}</label>
          <input
            id="c-allotments-to"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <div className="c-field">
          <label htmlFor="c-allotments-partner">{t('allotments_partner')}</label>
          <select
            id="c-allotments-partner"
            className="c-select"
            value={draft.partner}
            onChange={(event) => setDraft({ ...draft, partner: event.target.value })}
          >
            <option value="">{t('allotments_any_partner')}</option>
            {(partners.data?.partners ?? []).map((partner) => (
              <option key={partner.id} value={String(partner.id)}>
                {partner.name}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <button className="c-button" type="submit">
            {t('allotments_show')}
          </button>
        </div>
      </form>
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error ?? remove.error} />
      {list.data ? (
        <DataTable
          caption={t('allotments_list')}
          rows={list.data.allotments}
          rowKey={(row) => row.id}
          empty={t('allotments_none')}
          columns={[
            {
              key: 'slot',
              header: t('allotments_slot'),
              cell: (row) => (
                <>
                  {slotOf(row)}
                  <div className="c-muted">{textIn(row.product_name, lang)}</div>
                </>
              ),
            },
            {
              key: 'partner',
              header: t('allotments_partner'),
              cell: (row) => (
                <a className="c-link" href={hrefOf('partner', { partnerId: String(row.partner_id) })}>
                  {row.partner_name}
                </a>
              ),
            },
            {
              key: 'quantity',
              header: t('allotments_quantity'),
              numeric: true,
              cell: (row) => f.count(row.quantity),
            },
            { key: 'sold', header: t('allotments_sold'), numeric: true, cell: (row) => f.count(row.sold) },
            {
              key: 'remaining',
              header: t('allotments_remaining'),
              numeric: true,
              cell: (row) => f.count(row.remaining),
            },
            {
              key: 'release',
              header: t('allotments_release_at'),
              cell: (row) =>
                row.released_at ? (
                  <span className="c-muted">
                    {t('allotments_released', { time: f.dateTime(row.released_at) })}
                  </span>
                ) : (
                  f.dateTime(row.release_at)
                ),
            },
            ...(canWrite
              ? [
                  {
                    key: 'actions',
                    header: t('actions'),
                    cell: (row: Allotment) =>
                      row.released_at ? null : (
                        <span className="c-actions">
                          <button
                            className="c-button c-button--small"
                            type="button"
                            aria-label={t('allotments_change_label', {
                              partner: row.partner_name,
                              slot: slotOf(row),
                            })}
                            onClick={() => {
                              change.reset();
                              setChanging(row);
                            }}
                          >
                            {t('allotments_change')}
                          </button>
                          <button
                            className="c-button c-button--small c-button--danger"
                            type="button"
                            disabled={remove.isPending}
                            aria-label={t('allotments_remove_label', {
                              partner: row.partner_name,
                              slot: slotOf(row),
                            })}
                            onClick={() => {
                              if (
                                window.confirm(
                                  t('allotments_remove_confirm', {
                                    partner: row.partner_name,
                                    remaining: row.remaining,
                                  }),
                                )
                              )
                                remove.mutate(row.id);
                            }}
                          >
                            {t('allotments_remove')}
                          </button>
                        </span>
                      ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      {changing ? (
        <ChangeDialog
          allotment={changing}
          pending={change.isPending}
          error={change.error}
          onSave={(body) => change.mutate({ id: changing.id, body })}
          onClose={() => setChanging(null)}
        />
      ) : null}
    </Page>
  );
}

/** A new quantity (never below what is sold) and release time for one allotment. */
function ChangeDialog({
  allotment,
  pending,
  error,
  onSave,
  onClose,
}: {
  allotment: Allotment;
  pending: boolean;
  error: unknown;
  onSave: (body: UpdateAllotmentBody) => void;
  onClose: () => void;
}) {
  const { t } = useConsoleI18n();
  const [quantity, setQuantity] = useState(String(allotment.quantity));
  const [releaseAt, setReleaseAt] = useState(tokyoLocal(allotment.release_at));
  const [problems, setProblems] = useState<{ quantity?: string; release?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = wholeIn(quantity, allotment.sold, ALLOTMENT_QUANTITY_MAX);
    const release = fromTokyoLocal(releaseAt);
    const found = {
      quantity:
        count === null
          ? t('allotments_change_quantity_invalid', { sold: allotment.sold, max: ALLOTMENT_QUANTITY_MAX })
          : undefined,
      release: release === null ? t('allotments_release_required') : undefined,
    };
    setProblems(found);
    if (count !== null && release !== null) onSave({ quantity: count, release_at: release });
  };
  return (
    <Dialog title={t('allotments_change_title', { partner: allotment.partner_name })} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <Field
          label={t('allotments_quantity')}
          hint={t('allotments_change_hint', { sold: allotment.sold })}
          inputMode="numeric"
          autoComplete="off"
          value={quantity}
          error={problems.quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Field
          label={t('allotments_release_at')}
          type="datetime-local"
          value={releaseAt}
          error={problems.release}
          onChange={(event) => setReleaseAt(event.target.value)}
        />
        <ErrorNotice error={error} />
        <p className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={pending}>
            {t('save')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}

export const AllotmentsScreen = featureScreen(TEXTS, Body);
