import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  PARTNER_TOKEN_PERMISSIONS,
  type ApiToken,
  type CreateApiTokenBody,
} from '@kippu/contract/console/api-tokens-schemas';
import { PERMISSION_AREAS, permits } from '@kippu/contract/console/permissions';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { SecretOnce } from '../../shared/ui/secret-once.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { TEXTS } from './texts.ts';
import { TokenForm } from './token-form.tsx';
import './api-tokens.css';

const tokenKeys = {
  all: ['console', 'api-tokens'] as const,
  partner: (id: number) => ['console', 'partners', 'one', id] as const,
};

/** A partner's id from `?partner=12` (the partner screen links here to make and revoke its tokens). */
function partnerOf(query: URLSearchParams): number | null {
  const value = query.get('partner') ?? '';
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/**
 * The organisation's API tokens, or one partner's (`?partner=`): each with its scope, sites, expiry and last
 * use. A new token asks for the password again and is shown once, here, until staff close it or leave; the
 * server keeps only its digest. Revoking asks first and takes effect at once.
 */
function Body({ session, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const partnerId = partnerOf(query);
  const canWrite = Boolean(session.permissions && permits(session.permissions.integrations, 'write'));
  const sites = session.sites ?? [];
  const [creating, setCreating] = useState(query.get('new') === '1' && canWrite);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const list = useQuery({ queryKey: tokenKeys.all, queryFn: () => consoleCall(R.consoleListApiTokens) });
  const partner = useQuery({
    queryKey: tokenKeys.partner(partnerId ?? 0),
    queryFn: () => consoleCall(R.consolePartner, { params: { id: partnerId! } }),
    enabled: partnerId !== null,
  });
  const create = useMutation({
    mutationFn: (body: CreateApiTokenBody) => consoleCall(R.consoleCreateApiToken, { body }),
    // The answer holds the token: no cache keeps it after this screen (SecretOnce).
    gcTime: 0,
    onSuccess: (answer) => {
      setCreated({ name: answer.record.name, token: answer.token });
      setCreating(false);
      return client.invalidateQueries({ queryKey: tokenKeys.all });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeApiToken, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tokenKeys.all }),
        client.invalidateQueries({ queryKey: ['console', 'partners'] }),
      ]),
  });
  const rows = (list.data?.tokens ?? []).filter(
    (token) => partnerId === null || token.partner_id === partnerId,
  );
  const partnerName = partner.data?.partner.name ?? '';
  const scopeOf = (token: ApiToken) =>
    PERMISSION_AREAS.filter((area) => token.permissions[area] !== 'none')
      .map((area) => `${t(`area_${area}`)}: ${t(`level_${token.permissions[area]}`)}`)
      .join(', ');
  const sitesOf = (codes: readonly string[] | null) =>
    codes === null
      ? t('api_tokens_all_sites_short')
      : codes.map((code) => sites.find((site) => site.code === code)?.name ?? code).join(', ');
  return (
    <Page
      title={
        partnerId === null ? t('api_tokens_title') : t('api_tokens_partner_title', { name: partnerName })
      }
      actions={
        canWrite && !creating ? (
          <button className="c-button c-button--primary" type="button" onClick={() => setCreating(true)}>
            {t('api_tokens_new')}
          </button>
        ) : null
      }
    >
      <p>{partnerId === null ? t('api_tokens_text') : t('api_tokens_partner_text')}</p>
      {partnerId !== null ? (
        <p className="c-actions">
          <a className="c-link" href={hrefOf('partner', { partnerId: String(partnerId) })}>
            {t('api_tokens_back_to_partner', { name: partnerName })}
          </a>
          <a className="c-link" href={hrefOf('apiTokens')}>
            {t('api_tokens_all')}
          </a>
        </p>
      ) : null}
      <ErrorNotice error={partner.error} />
      {created ? (
        <SecretOnce
          secret={created.token}
          labels={{
            title: t('api_tokens_created_title', { name: created.name }),
            warning: t('api_tokens_once'),
            copy: t('api_tokens_copy'),
            copied: t('api_tokens_copied'),
            copyFailed: t('api_tokens_copy_failed'),
            done: t('api_tokens_done'),
          }}
          onDone={() => setCreated(null)}
        />
      ) : null}
      {creating && (partnerId === null || partner.data) ? (
        <TokenForm
          session={session}
          partnerId={partnerId}
          initialPermissions={partnerId === null ? undefined : PARTNER_TOKEN_PERMISSIONS}
          pending={create.isPending}
          error={create.error}
          onSubmit={(body) => create.mutate(body)}
          onCancel={() => {
            create.reset();
            setCreating(false);
          }}
        />
      ) : null}
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error ?? revoke.error} />
      {list.data ? (
        <div className="c-api-tokens">
          <DataTable
            caption={t('api_tokens_list')}
            rows={rows}
            rowKey={(row) => row.id}
            empty={t('api_tokens_none')}
            columns={[
              {
                key: 'name',
                header: t('api_tokens_name'),
                cell: (row) => (
                  <>
                    {row.name}
                    {row.partner_id !== null && partnerId === null ? (
                      <div>
                        <a className="c-link" href={hrefOf('partner', { partnerId: String(row.partner_id) })}>
                          {t('api_tokens_of_partner', { name: row.partner_name ?? '' })}
                        </a>
                      </div>
                    ) : null}
                  </>
                ),
              },
              {
                key: 'prefix',
                header: t('api_tokens_prefix'),
                cell: (row) => <code>{`kpt_${row.prefix}_…`}</code>,
              },
              { key: 'scope', header: t('api_tokens_scope'), cell: scopeOf },
              { key: 'sites', header: t('api_tokens_sites'), cell: (row) => sitesOf(row.site_codes) },
              { key: 'expires', header: t('api_tokens_expires'), cell: (row) => f.dateTime(row.expires_at) },
              {
                key: 'used',
                header: t('api_tokens_last_used'),
                cell: (row) => (row.last_used_at ? f.dateTime(row.last_used_at) : t('api_tokens_never_used')),
              },
              {
                key: 'created',
                header: t('api_tokens_created_by'),
                cell: (row) => (
                  <>
                    {row.created_by_name ?? t('api_tokens_removed_member')}
                    <div className="c-muted">{f.dateTime(row.created_at)}</div>
                  </>
                ),
              },
              {
                key: 'state',
                header: t('state'),
                cell: (row) =>
                  row.state === 'active' ? (
                    <span className="c-status--ok">{t('active')}</span>
                  ) : row.state === 'revoked' ? (
                    <span className="c-status--bad">
                      {t('revoked_at', { time: f.dateTime(row.revoked_at) })}
                    </span>
                  ) : (
                    <span className="c-muted">{t('api_tokens_expired')}</span>
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
                            aria-label={t('api_tokens_revoke_label', { name: row.name })}
                            onClick={() => {
                              if (window.confirm(t('api_tokens_revoke_confirm', { name: row.name })))
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
        </div>
      ) : null}
    </Page>
  );
}

export const ApiTokensScreen = featureScreen(TEXTS, Body);
