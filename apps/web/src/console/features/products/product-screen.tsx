import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ProductDetail } from '@kippu/contract/console/catalogue-products';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { canWriteProducts, getProduct, nameIn, productKeys } from './product-queries.ts';
import { TicketTypes } from './ticket-types.tsx';
import { ProductForm } from './product-form.tsx';
import { StatusPanel } from './product-status.tsx';
import { TEXTS } from './texts.ts';
import './products.css';

/** One product: its fields, texts in six languages, ticket types and prices, and its publication. */
export function ProductScreen({
  session,
  params,
}: {
  session: ConsoleSession;
  params: Record<string, string>;
}) {
  return (
    <WithFeatureTexts texts={TEXTS}>
      <Body session={session} site={params.site!} id={Number(params.productId)} />
    </WithFeatureTexts>
  );
}

function Body({ session, site, id }: { session: ConsoleSession; site: string; id: number }) {
  const { t, lang } = useConsoleI18n();
  const client = useQueryClient();
  const canWrite = canWriteProducts(session);
  // What the screen shows is the version its writes are based on: no refetch behind the editor's back.
  const product = useQuery({
    queryKey: productKeys.one(site, id),
    queryFn: () => getProduct(site, id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    enabled: Number.isInteger(id) && id > 0,
  });
  // A new key draws the form again from the product (after a save or a reload).
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const show = (next: ProductDetail) => {
    client.setQueryData(productKeys.one(site, id), next);
    void client.invalidateQueries({ queryKey: productKeys.list(site) });
  };
  const reload = async () => {
    await product.refetch();
    setFormKey((key) => key + 1);
    setSaved(false);
  };
  if (product.isPending) return <Page title={t('product_title')}>{product.error ? null : <Loading />}</Page>;
  if (!product.data)
    return (
      <Page title={t('product_title')}>
        <ErrorNotice error={product.error} />
        <a className="c-link" href={hrefOf('products', { site })}>
          {t('products_back')}
        </a>
      </Page>
    );
  const data = product.data;
  return (
    <Page
      title={nameIn(data.names, lang) || t('product_title')}
      actions={
        <a className="c-link" href={hrefOf('products', { site })}>
          {t('products_back')}
        </a>
      }
    >
      <StatusPanel
        site={site}
        product={data}
        canWrite={canWrite}
        dirty={dirty}
        onChanged={show}
        onReload={reload}
      />
      <p>
        <a className="c-link" href={`${hrefOf('schedule', { site })}?product=${data.uuid}`}>
          {t('products_schedule_link')}
        </a>
      </p>
      <ProductForm
        key={`${data.id}-${formKey}`}
        site={site}
        product={data}
        canWrite={canWrite}
        justSaved={saved}
        onDirty={setDirty}
        onSaved={(next) => {
          show(next);
          setSaved(true);
          setFormKey((key) => key + 1);
        }}
        onReload={reload}
      />
      <TicketTypes site={site} product={data} canWrite={canWrite} onChanged={show} onReload={reload} />
    </Page>
  );
}
