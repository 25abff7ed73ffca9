import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProductDetail, type TranslationGap } from '@kippu/contract/console/catalogue-products';
import { ConsoleApiError, consoleCall } from '../../shared/api/console-client.ts';
import { isApiError } from '../../shared/api/is-api-error.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { LANG_NAMES, useConsoleI18n, type Translate } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { nameIn, productKeys } from './product-queries.ts';
import { StatusBadge } from './products-screen.tsx';
import { ConflictOrError } from './conflict.tsx';

/** A gap's field as words: "Name", "Description", "Ticket type Adult: name". */
function gapField(t: Translate, product: ProductDetail, field: string, lang: Parameters<typeof nameIn>[1]) {
  const parts = field.split('.');
  const own = (key: string | undefined) =>
    key === 'names'
      ? t('products_name')
      : key === 'descriptions'
        ? t('products_description')
        : key === 'cautions'
          ? t('products_caution')
          : (key ?? field);
  if (parts[0] === 'ticket_types') {
    const type = product.ticket_types.find((each) => String(each.id) === parts[1]);
    return t('products_gap_ticket_type', {
      name: type ? nameIn(type.names, lang) : (parts[1] ?? ''),
      field: own(parts[2]),
    });
  }
  return own(parts[0]);
}

/** Gaps from the API's `issues` of a refused publish (`names.en`, `ticket_types.3.names.th`). */
function gapsOfIssues(error: unknown): TranslationGap[] {
  if (!(error instanceof ConsoleApiError)) return [];
  const byField = new Map<string, TranslationGap['languages']>();
  for (const issue of error.issues) {
    const parts = issue.path.split('.');
    const last = parts.at(-1) as TranslationGap['languages'][number];
    if (!(last in LANG_NAMES)) continue;
    const field = parts.slice(0, -1).join('.');
    byField.set(field, [...(byField.get(field) ?? []), last]);
  }
  return [...byField].map(([field, languages]) => ({ field, languages }));
}

export function StatusPanel({
  site,
  product,
  canWrite,
  dirty,
  onChanged,
  onReload,
}: {
  site: string;
  product: ProductDetail;
  canWrite: boolean;
  dirty: boolean;
  onChanged: (product: ProductDetail) => void;
  onReload: () => unknown;
}) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const [asking, setAsking] = useState<TranslationGap[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const params = { site, id: product.id };
  const expected_version = product.version;
  const change = useMutation({
    mutationFn: async (action: 'publish' | 'fallback' | 'unpublish' | 'retire' | 'delete') => {
      if (action === 'delete') {
        await consoleCall(R.consoleDeleteProduct, {
          params,
          query: { expected_version: String(expected_version) },
        });
        return { action, product: null };
      }
      const route =
        action === 'unpublish'
          ? R.consoleUnpublishProduct
          : action === 'retire'
            ? R.consoleRetireProduct
            : R.consolePublishProduct;
      const body =
        action === 'publish' || action === 'fallback'
          ? { expected_version, confirm_fallback: action === 'fallback' }
          : { expected_version };
      const answer = await consoleCall(route, { params, body } as never);
      return { action, product: (answer as { product: ProductDetail }).product };
    },
    onSuccess: async ({ action, product: next }) => {
      setAsking(null);
      if (!next) {
        await client.invalidateQueries({ queryKey: productKeys.list(site) });
        window.location.hash = hrefOf('products', { site });
        return;
      }
      onChanged(next);
      setDone(t(`products_done_${action === 'fallback' ? 'publish' : action}`));
    },
    onError: (error) => {
      if (isApiError(error, 'console_translation_missing')) {
        const gaps = gapsOfIssues(error);
        setAsking(gaps.length ? gaps : product.translation_gaps);
      }
    },
  });
  const publish = () => {
    setDone(null);
    if (product.translation_gaps.length) setAsking(product.translation_gaps);
    else change.mutate('publish');
  };
  const act = (action: 'unpublish' | 'retire' | 'delete', confirmKey: string) => {
    setDone(null);
    if (window.confirm(t(confirmKey))) change.mutate(action);
  };
  const refused = isApiError(change.error, 'console_translation_missing');
  return (
    <section className="c-panel c-cat-status" aria-labelledby="c-cat-status">
      <h2 id="c-cat-status">{t('products_publication')}</h2>
      <p>
        <StatusBadge status={product.status} /> {t(`products_status_${product.status}_text`)}
      </p>
      <p className="c-field__hint">{t(`products_type_${product.product_type}_text`)}</p>
      {canWrite ? (
        <>
          {dirty ? <p className="c-field__hint">{t('products_save_first')}</p> : null}
          <div className="c-actions">
            {product.status !== 'published' ? (
              <button
                className="c-button c-button--primary"
                type="button"
                disabled={dirty || change.isPending}
                onClick={publish}
              >
                {t('products_publish')}
              </button>
            ) : null}
            {product.status !== 'draft' ? (
              <button
                className="c-button"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('unpublish', 'products_unpublish_confirm')}
              >
                {t('products_unpublish')}
              </button>
            ) : null}
            {product.status !== 'retired' ? (
              <button
                className="c-button"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('retire', 'products_retire_confirm')}
              >
                {t('products_retire')}
              </button>
            ) : null}
            {product.deletable ? (
              <button
                className="c-button c-button--danger"
                type="button"
                disabled={dirty || change.isPending}
                onClick={() => act('delete', 'products_delete_confirm')}
              >
                {t('products_delete')}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {done ? (
        <p className="c-notice c-notice--ok" role="status">
          {done}
        </p>
      ) : null}
      {refused && !asking ? null : (
        <ConflictOrError error={refused ? null : change.error} onReload={onReload} />
      )}
      {asking ? (
        <Dialog title={t('products_missing_title')} onClose={() => setAsking(null)}>
          <p>{t('products_missing_text')}</p>
          <ul>
            {asking.map((gap) => (
              <li key={gap.field}>
                <GapLine product={product} gap={gap} />
              </li>
            ))}
          </ul>
          <p>{t('products_missing_fallback_text')}</p>
          <div className="c-actions">
            <button
              className="c-button c-button--primary"
              type="button"
              disabled={change.isPending}
              onClick={() => change.mutate('fallback')}
            >
              {t('products_publish_fallback')}
            </button>
            <button className="c-button" type="button" onClick={() => setAsking(null)}>
              {t('products_fill_in_first')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

function GapLine({ product, gap }: { product: ProductDetail; gap: TranslationGap }) {
  const { t, lang } = useConsoleI18n();
  return (
    <>
      <strong>{gapField(t, product, gap.field, lang)}</strong>
      {': '}
      {gap.languages.map((code) => LANG_NAMES[code]).join(', ')}
    </>
  );
}
