import { useTranslation } from 'react-i18next';
import { ScreenHero } from './screen-hero.tsx';

/** A screen whose contents a later issue delivers: the layout and its translated title only. */
export function PendingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <ScreenHero title={t(titleKey)} />;
}
