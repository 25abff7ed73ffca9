import { useQuery } from '@tanstack/react-query';
import { MOVE_POLL_MS } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { useSourceText } from './move-display.tsx';
import { MoveProgress } from './move-progress.tsx';
import { getMove, moveKeys } from './move-queries.ts';
import { MoveResults } from './move-results.tsx';
import { TEXTS } from './texts.ts';
import './visitor-moves.css';

/** One run: its progress while it runs (asked again every MOVE_POLL_MS), and the result list after. */
function Body({ params }: FeatureScreenProps) {
  const site = params.site!;
  const moveId = params.moveId!;
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const sourceText = useSourceText();
  const run = useQuery({
    queryKey: moveKeys.one(site, moveId),
    queryFn: () => getMove(site, moveId),
    // Polls while the job works; a done run never changes but for visitors' own choices, read on demand.
    refetchInterval: (query) =>
      query.state.data && query.state.data.move.status === 'done' ? false : MOVE_POLL_MS,
  });
  const move = run.data?.move;
  return (
    <Page
      title={t('moves_run_title', { id: moveId })}
      actions={
        <a className="c-button" href={hrefOf('visitorMoves', { site })}>
          {t('moves_back')}
        </a>
      }
    >
      <ErrorNotice error={run.error} />
      {run.isPending ? <Loading /> : null}
      {move && run.data ? (
        <>
          <dl className="c-facts c-move-facts">
            <dt>{t('moves_product')}</dt>
            <dd>{textIn(move.product_names, lang)}</dd>
            <dt>{t('moves_source')}</dt>
            <dd>{sourceText(move.source)}</dd>
            <dt>{t('moves_fallback')}</dt>
            <dd>{t(`moves_fallback_${move.fallback}`)}</dd>
            <dt>{t('moves_deadline')}</dt>
            <dd>{move.deadline ? f.dateTime(move.deadline) : t('moves_deadline_default')}</dd>
            <dt>{t('state')}</dt>
            <dd>{t(`moves_run_${move.status}`)}</dd>
            <dt>{t('created_at')}</dt>
            <dd>{f.dateTime(move.created_at)}</dd>
            <dt>{t('moves_finished')}</dt>
            <dd>{f.dateTime(move.finished_at)}</dd>
          </dl>
          <MoveProgress run={move} />
          <MoveResults items={run.data.items} />
        </>
      ) : null}
    </Page>
  );
}

export const VisitorMoveScreen = featureScreen(TEXTS, Body);
