import { useTranslation } from 'react-i18next';
import { useCoreStore } from '../../shared/stores/core-store.ts';
import './demo-banner.css';

/** The banner itself: the app's layout and the server's first paint (ADR 037) draw the same markup. */
export function DemoBannerView() {
  const { t } = useTranslation();
  return (
    <p className="demo-banner" role="note" data-testid="demo-banner">
      {t('demo_banner_text')}
    </p>
  );
}

/**
 * Mode `demo` (spec §1, `configuration.mode`; issue 32, item 9; ADR 105): a demo site says so on every
 * screen, above the header, so nobody takes its payments for real ones. Part of the first paint too, so the
 * header does not move down when the app takes over (review finding 21).
 */
export default function DemoBanner() {
  const demo = useCoreStore((state) => state.configuration?.mode === 'demo');
  return demo ? <DemoBannerView /> : null;
}
