import { useTranslation } from 'react-i18next';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import './demo-banner.css';

/**
 * Mode `demo` (spec §1, `configuration.mode`; issue 32, item 9; ADR 105): a demo site says so on every
 * screen, above the header, so nobody takes its payments for real ones.
 */
export default function DemoBanner() {
  const { t } = useTranslation();
  const demo = useCoreStore((state) => state.configuration?.mode === 'demo');
  if (!demo) return null;
  return (
    <p className="demo-banner" role="note" data-testid="demo-banner">
      {t('demo_banner_text')}
    </p>
  );
}
