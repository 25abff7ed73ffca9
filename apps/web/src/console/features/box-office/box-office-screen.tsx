import { lazy, Suspense, useEffect, useState } from 'react';
import type { BoxOfficeSale } from '@kippu/contract/console/box-office-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { Loading, Page } from '../../shared/ui/ui.tsx';
import { KioskDevices } from './kiosk-devices.tsx';
import { SaleForm, type SaleStart } from './sale-form.tsx';
import { tokyoToday } from './tokyo-today.ts';
import { TEXTS } from './texts.ts';
import './box-office.css';

// The print view and `qrcode` are their own chunk, fetched while the first sale is being entered.
const loadPrint = () => import('./sale-print.tsx');
const SalePrint = lazy(async () => ({ default: (await loadPrint()).SalePrint }));

interface Sold {
  sale: BoxOfficeSale;
  email: string;
}

/** Selling at the counter (issue 29, ADR 083): one sale, then its print view, then the next sale. */
function Body({ params, session }: FeatureScreenProps) {
  const site = params.site!;
  const { t } = useConsoleI18n();
  const [start, setStart] = useState<SaleStart>(() => ({ product: '', date: tokyoToday() }));
  const [sold, setSold] = useState<Sold | null>(null);
  // Each sale is a fresh form (quantities, payment, its own idempotency key), keyed by its number.
  const [round, setRound] = useState(0);
  useEffect(() => {
    void loadPrint();
  }, []);
  return (
    <Page title={t('box_office_title')}>
      {sold ? (
        <Suspense fallback={<Loading />}>
          <SalePrint
            site={site}
            sale={sold.sale}
            email={sold.email}
            onNewSale={() => {
              setSold(null);
              setRound((each) => each + 1);
            }}
          />
        </Suspense>
      ) : (
        <SaleForm
          key={round}
          site={site}
          start={start}
          onSold={(sale, email, next) => {
            setStart(next);
            setSold({ sale, email });
          }}
        />
      )}
      <KioskDevices site={site} session={session} />
    </Page>
  );
}

export const BoxOfficeScreen = featureScreen(TEXTS, Body);
