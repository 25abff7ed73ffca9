import type {
  ProductDetail,
  ProductList,
  TranslationGap,
  UpdateProductBody,
} from '@kippu/contract/console/catalogue-products';
import { permits } from '@kippu/contract/console/permissions';
import type { LangCode } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { CONSOLE_LANGS } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';

export {
  fromTokyoLocal,
  fullText,
  localizedResolver,
  missingOf,
  textIn as nameIn,
  tokyoLocal,
} from '../../shared/ui/form-support.ts';

/** The product form's values: the API's body without its version; sale times as Tokyo `datetime-local` values. */
export type ProductValues = Omit<UpdateProductBody, 'expected_version'>;

export const productKeys = {
  list: (site: string) => ['console', 'products', site] as const,
  one: (site: string, id: number) => ['console', 'product', site, id] as const,
  setProducts: (site: string) => ['console', 'set-products', site] as const,
  promotion: (site: string) => ['console', 'membership-promotion', site] as const,
};

export const listProducts = (site: string): Promise<ProductList> =>
  consoleCall(R.consoleListProducts, { params: { site } });

export const getProduct = async (site: string, id: number): Promise<ProductDetail> =>
  (await consoleCall(R.consoleGetProduct, { params: { site, id } })).product;

/**
 * Products may be changed with catalogue write, except by a role limited to coupons (marketing): the server
 * refuses it too; the screen only shows the controls that can work.
 */
export function canWriteProducts(session: ConsoleSession): boolean {
  if (!session.permissions || !permits(session.permissions.catalogue, 'write')) return false;
  return !session.limits?.catalogueCouponsOnly;
}

/** The languages still missing anywhere in a product (union of its gaps), in the product's order. */
export function gapLanguages(gaps: readonly TranslationGap[]): LangCode[] {
  const missing = new Set(gaps.flatMap((gap) => gap.languages));
  return CONSOLE_LANGS.filter((lang) => missing.has(lang));
}
