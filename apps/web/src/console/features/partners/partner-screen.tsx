import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiToken } from '@kippu/contract/console/api-tokens-schemas';
import type { PartnerDetail, UpdatePartnerBody } from '@kippu/contract/console/partners-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { ReloadOnConflict } from '../../shared/ui/reload-on-conflict.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { checkNetPrices, NetPrices, netPriceDraftOf, type NetPriceDraft } from './net-prices.tsx';
import { checkPartner, PartnerFields, type PartnerDraft, type PartnerProblems } from './partner-fields.tsx';
import { canWritePartners, partnerKeys } from './partner-queries.ts';
import { TEXTS } from './texts.ts';
import './partners.css';

const draftOf = (detail: PartnerDetail): PartnerDraft => ({
  name: detail.partner.name,
  contactName: detail.partner.contact_name,
  contactEmail: detail.partner.contact_email,
  mailsCustomers: detail.partner.mails_customers,
  active: detail.partner.active,
});

/**
 * One partner: its details, the net price it pays per ticket type (never ¥0), its API tokens (made on the
 * API tokens screen for this partner, revoked here or there), and its bookings: the orders screen of each
 * site filtered to channel OTA.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const id = Number(params.partnerId);
  const canWrite = canWritePartners(session);
  const sites = session.sites ?? [];
  const siteName = (code: string) => sites.find((site) => site.code === code)?.name ?? code;
  const detail = useQuery({
    queryKey: partnerKeys.one(id),
    queryFn: () => consoleCall(R.consolePartner, { params: { id } }),
  });
  const [draft, setDraft] = useState<PartnerDraft | null>(null);
  const [prices, setPrices] = useState<NetPriceDraft>({});
  const [problems, setProblems] = useState<PartnerProblems>({});
  const [wrong, setWrong] = useState<number[]>([]);
  const loaded = detail.data;
  // The form starts from what is saved, and again after "load the saved version".
  useEffect(() => {
    if (!loaded || draft) return;
    setDraft(draftOf(loaded));
    setPrices(netPriceDraftOf(loaded));
  }, [loaded, draft]);
  const save = useMutation({
    mutationFn: (body: UpdatePartnerBody) => consoleCall(R.consoleUpdatePartner, { params: { id }, body }),
    onSuccess: (answer) => {
      client.setQueryData(partnerKeys.one(id), answer);
      setDraft(draftOf(answer));
      setPrices(netPriceDraftOf(answer));
      return client.invalidateQueries({ queryKey: partnerKeys.list });
    },
  });
  const reload = async () => {
    save.reset();
    await client.invalidateQueries({ queryKey: partnerKeys.one(id) });
    setDraft(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft || !loaded) return;
    const net = checkNetPrices(prices);
    const checked = checkPartner(draft, net.prices, t);
    setProblems(checked.problems ?? {});
    setWrong(net.wrong);
    if (checked.body && net.wrong.length === 0)
      save.mutate({ ...checked.body, expected_updated_at: loaded.partner.updated_at });
  };
  return (
    <Page
      title={loaded ? loaded.partner.name : t('partners_title')}
      actions={
        <a className="c-link" href={hrefOf('partners')}>
          {t('partners_back')}
        </a>
      }
    >
      {detail.isPending ? <Loading /> : null}
      <ErrorNotice error={detail.error} />
      {loaded && draft ? (
        <>
          <form className="c-panel c-panel--wide" noValidate onSubmit={submit}>
            <h2>{t('partners_details')}</h2>
            <fieldset className="c-partner-fieldset" disabled={!canWrite}>
              <legend className="c-partner-hidden-legend">{t('partners_details')}</legend>
              <PartnerFields draft={draft} problems={problems} onChange={setDraft} withActive />
            </fieldset>
            <NetPrices
              ticketTypes={loaded.ticket_types}
              draft={prices}
              wrong={wrong}
              siteName={siteName}
              disabled={!canWrite}
              onChange={setPrices}
            />
            {wrong.length > 0 ? (
              <p className="c-notice c-notice--error" role="alert">
                {t('partners_net_prices_wrong')}
              </p>
            ) : null}
            <ReloadOnConflict error={save.error} onReload={reload} reloadLabel={t('partners_reload')} />
            {save.isSuccess ? (
              <p className="c-notice c-notice--ok" role="status">
                {t('partners_saved')}
              </p>
            ) : null}
            {canWrite ? (
              <p className="c-actions">
                <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
                  {t('save')}
                </button>
              </p>
            ) : null}
          </form>
          <PartnerTokens partnerId={id} tokens={loaded.tokens} canWrite={canWrite} />
          <section className="c-panel" aria-labelledby="c-partner-bookings">
            <h2 id="c-partner-bookings">{t('partners_bookings')}</h2>
            <p>{t('partners_bookings_text')}</p>
            <ul>
              {sites.map((site) => (
                <li key={site.code}>
                  <a
                    className="c-link"
                    href={`${hrefOf('orders', { site: site.code })}?channel=OTA&partner=${id}`}
                  >
                    {t('partners_bookings_at', { site: site.name })}
                  </a>{' '}
                  ·{' '}
                  <a className="c-link" href={hrefOf('allotments', { site: site.code })}>
                    {t('partners_allotments_at', { site: site.name })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
    </Page>
  );
}

/** The partner's tokens: what they are and when last used; new ones are made on the API tokens screen. */
function PartnerTokens({
  partnerId,
  tokens,
  canWrite,
}: {
  partnerId: number;
  tokens: readonly ApiToken[];
  canWrite: boolean;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeApiToken, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: partnerKeys.one(partnerId) }),
        client.invalidateQueries({ queryKey: ['console', 'api-tokens'] }),
      ]),
  });
  const tokensHref = `${hrefOf('apiTokens')}?partner=${partnerId}`;
  return (
    // No name of its own: the table's region carries the tokens' name (one landmark per name).
    <section className="c-panel c-partner-tokens">
      <h2>{t('partners_tokens')}</h2>
      <p>{t('partners_tokens_text')}</p>
      {canWrite ? (
        <p className="c-actions">
          <a className="c-button c-button--primary" href={`${tokensHref}&new=1`}>
            {t('partners_token_new')}
          </a>
        </p>
      ) : null}
      <ErrorNotice error={revoke.error} />
      <DataTable
        caption={t('partners_tokens')}
        rows={tokens}
        rowKey={(row) => row.id}
        empty={t('partners_tokens_none')}
        columns={[
          { key: 'name', header: t('partners_token_name'), cell: (row) => row.name },
          {
            key: 'prefix',
            header: t('partners_token_prefix'),
            cell: (row) => <code>{`kpt_${row.prefix}_…`}</code>,
          },
          { key: 'expires', header: t('partners_token_expires'), cell: (row) => f.dateTime(row.expires_at) },
          { key: 'used', header: t('partners_token_last_used'), cell: (row) => f.dateTime(row.last_used_at) },
          {
            key: 'state',
            header: t('state'),
            cell: (row) =>
              row.state === 'active' ? (
                <span className="c-status--ok">{t('active')}</span>
              ) : row.state === 'revoked' ? (
                <span className="c-status--bad">{t('revoked_at', { time: f.dateTime(row.revoked_at) })}</span>
              ) : (
                <span className="c-muted">{t('partners_token_expired')}</span>
              ),
          },
          ...(canWrite
            ? [
                {
                  key: 'actions',
                  header: t('actions'),
                  cell: (row: ApiToken) =>
                    row.state === 'active' ? (
                      <button
                        className="c-button c-button--small c-button--danger"
                        type="button"
                        disabled={revoke.isPending}
                        aria-label={t('partners_token_revoke_label', { name: row.name })}
                        onClick={() => {
                          if (window.confirm(t('partners_token_revoke_confirm', { name: row.name })))
                            revoke.mutate(row.id);
                        }}
                      >
                        {t('revoke')}
                      </button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
    </section>
  );
}

export const PartnerScreen = featureScreen(TEXTS, Body);
