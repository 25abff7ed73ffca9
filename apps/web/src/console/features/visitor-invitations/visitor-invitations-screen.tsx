import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LangCode } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { CONSOLE_LANGS, LANG_NAMES, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';

/**
 * Visitors' invitations of a site (MORI, replacing `npm run invite`): sent by mail in the visitor's
 * language, listed with their state, revoked. The product, slot and option are named by their ids, as the
 * CLI takes them, until the catalogue screens of a later part can pick them.
 */
export function VisitorInvitationsScreen({ params }: { params: Record<string, string> }) {
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const site = params.site!;
  const client = useQueryClient();
  const key = ['console', 'visitor-invitations', site];
  const list = useQuery({
    queryKey: key,
    queryFn: () => consoleCall(R.consoleListInvitations, { params: { site } }),
  });
  const [draft, setDraft] = useState({
    email: '',
    lang: lang as LangCode,
    product: '',
    slot: '',
    option: '',
    quantity: '1',
  });
  const set = (field: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });
  const create = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleCreateInvitation, {
        params: { site },
        body: {
          email: draft.email,
          lang: draft.lang,
          product_uuid: draft.product.trim(),
          time_span_id: Number(draft.slot),
          tickets: [{ option_value_id: Number(draft.option), quantity: Number(draft.quantity) }],
        },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeInvitation, { params: { site, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Page title={t('visitor_invitations_title')}>
      <form
        className="c-panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <h2>{t('visitor_invitations_new')}</h2>
        <Field label={t('field_email')} type="email" value={draft.email} onChange={set('email')} required />
        <div className="c-field">
          <label htmlFor="c-vi-lang">{t('language')}</label>
          <select id="c-vi-lang" className="c-select" value={draft.lang} onChange={set('lang')}>
            {CONSOLE_LANGS.map((code) => (
              <option key={code} value={code}>
                {LANG_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('visitor_invitations_product')}
          value={draft.product}
          onChange={set('product')}
          required
        />
        <Field
          label={t('visitor_invitations_slot')}
          inputMode="numeric"
          value={draft.slot}
          onChange={set('slot')}
          required
        />
        <Field
          label={t('visitor_invitations_option')}
          inputMode="numeric"
          value={draft.option}
          onChange={set('option')}
          required
        />
        <Field
          label={t('visitor_invitations_quantity')}
          type="number"
          min={1}
          max={100}
          value={draft.quantity}
          onChange={set('quantity')}
        />
        <ErrorNotice error={create.error} />
        <button className="c-button c-button--primary" type="submit" disabled={create.isPending}>
          {t('visitor_invitations_send')}
        </button>
      </form>
      {create.data ? (
        <p className="c-notice c-notice--ok" role="status">
          {t('visitor_invitations_sent', { email: create.data.invitation.email })}
        </p>
      ) : null}
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error ?? revoke.error} />
      {list.data ? (
        <DataTable
          caption={t('visitor_invitations_list')}
          rows={list.data.invitations}
          rowKey={(row) => row.id}
          empty={t('visitor_invitations_none')}
          columns={[
            { key: 'email', header: t('field_email'), cell: (row) => row.email, breakAnywhere: true },
            { key: 'product', header: t('dashboard_product'), cell: (row) => row.product_name },
            { key: 'slot', header: t('dashboard_time'), cell: (row) => f.dateTime(row.starts_at) },
            {
              key: 'tickets',
              header: t('dashboard_tickets'),
              numeric: true,
              cell: (row) => f.count(row.tickets.reduce((sum, ticket) => sum + ticket.quantity, 0)),
            },
            { key: 'state', header: t('state'), cell: (row) => t(`visitor_invitation_state_${row.state}`) },
            { key: 'created', header: t('created_at'), cell: (row) => f.dateTime(row.created_at) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (row) =>
                row.state === 'sent' ? (
                  <button
                    className="c-button c-button--small c-button--danger"
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => {
                      if (window.confirm(t('visitor_invitations_revoke_confirm', { email: row.email })))
                        revoke.mutate(row.id);
                    }}
                  >
                    {t('revoke')}
                  </button>
                ) : null,
            },
          ]}
        />
      ) : null}
    </Page>
  );
}
