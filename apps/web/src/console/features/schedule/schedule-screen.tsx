import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { WithFeatureTexts } from '../../shared/i18n/feature-texts.tsx';
import { Page } from '../../shared/ui/ui.tsx';
import { TEXTS } from './texts.ts';

/** Issue 28: placeholder until the screen is built. */
export function ScheduleScreen() {
  return (
    <WithFeatureTexts texts={TEXTS}>
      <Body />
    </WithFeatureTexts>
  );
}

function Body() {
  const { t } = useConsoleI18n();
  return <Page title={t('schedule_title')}>{null}</Page>;
}
