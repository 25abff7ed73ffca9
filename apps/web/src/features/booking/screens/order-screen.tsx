import { useTranslation } from 'react-i18next';
import { ScreenHero } from '../../../shared/ui/screen-hero.tsx';
import { ProductLineup } from '../lineup/product-lineup.tsx';

/** The order screen: so far the product lineup; date, slot and quantities arrive with a later issue. */
export default function OrderScreen() {
  const { t } = useTranslation();
  return (
    <>
      <ScreenHero title={t('screen_order_title')} />
      <ProductLineup />
    </>
  );
}
