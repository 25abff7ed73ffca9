import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';

/**
 * Spot posters per product (replacing `npm run spot-qr`): a new token ends the product's earlier ones; the
 * poster page prints the code. Revoking stops a poster at once.
 */
export function SpotPostersScreen({ params }: { params: Record<string, string> }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const site = params.site!;
  const client = useQueryClient();
  const key = ['console', 'spot-posters', site];
  const list = useQuery({
    queryKey: key,
    queryFn: () => consoleCall(R.consoleListSpotPosters, { params: { site } }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: (productUuid: string) =>
      consoleCall(R.consoleCreateSpotPoster, { params: { site }, body: { product_uuid: productUuid } }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeSpotPoster, { params: { site, id } }),
    onSuccess: refresh,
  });
  return (
    <Page title={t('spot_posters_title')}>
      <p>{t('spot_posters_text')}</p>
      {list.isPending ? <Loading /> : null}
      <ErrorNotice error={list.error ?? create.error ?? revoke.error} />
      {list.data?.products.length === 0 ? <p>{t('spot_posters_no_products')}</p> : null}
      {list.data?.products.map((product) => (
        <section key={product.product_uuid} className="c-panel" aria-label={product.product_name}>
          <div className="c-actions">
            <h2>{product.product_name}</h2>
            <button
              className="c-button c-button--small"
              type="button"
              disabled={create.isPending}
              onClick={() => {
                const hasValid = product.tokens.some((token) => token.valid);
                if (!hasValid || window.confirm(t('spot_posters_new_confirm')))
                  create.mutate(product.product_uuid);
              }}
            >
              {t('spot_posters_new')}
            </button>
          </div>
          <DataTable
            caption={t('spot_posters_tokens', { product: product.product_name })}
            rows={product.tokens}
            rowKey={(row) => row.id}
            empty={t('spot_posters_none')}
            columns={[
              { key: 'created', header: t('created_at'), cell: (row) => f.dateTime(row.created_at) },
              {
                key: 'expires',
                header: t('spot_posters_expires'),
                cell: (row) => f.dateTime(row.expires_at),
              },
              {
                key: 'state',
                header: t('state'),
                cell: (row) =>
                  row.valid ? (
                    <span className="c-status--ok">{t('active')}</span>
                  ) : (
                    <span className="c-status--bad">{t('inactive')}</span>
                  ),
              },
              {
                key: 'actions',
                header: t('actions'),
                cell: (row) =>
                  row.valid ? (
                    <span className="c-actions">
                      <a
                        className="c-button c-button--small"
                        href={row.poster_url}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {t('spot_posters_print')}
                      </a>
                      <button
                        className="c-button c-button--small c-button--danger"
                        type="button"
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (window.confirm(t('spot_posters_revoke_confirm'))) revoke.mutate(row.id);
                        }}
                      >
                        {t('revoke')}
                      </button>
                    </span>
                  ) : null,
              },
            ]}
          />
        </section>
      ))}
    </Page>
  );
}
