import type { MoveResponse } from '@kippu/contract/console/moves-schemas';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

type Run = MoveResponse['move'];

/**
 * The run's progress: a bar (settled items of all) and a polite live region that says the same in words,
 * so a screen reader hears the count change as the polls answer, and hears once when the run is done.
 */
export function MoveProgress({ run }: { run: Run }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const settled = run.total - run.counts.pending;
  const ratio = run.total === 0 ? 1 : settled / run.total;
  const words =
    run.status === 'done'
      ? t('moves_progress_done', { total: f.count(run.total) })
      : t('moves_progress', { settled: f.count(settled), total: f.count(run.total) });
  return (
    <div className="c-move-progress">
      <div
        className="c-move-progress__bar"
        role="progressbar"
        aria-label={t('moves_progress_label')}
        aria-valuemin={0}
        aria-valuemax={run.total}
        aria-valuenow={settled}
        aria-valuetext={words}
      >
        <span className="c-move-progress__fill" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
      <p role="status" aria-live="polite" className="c-move-progress__words">
        {words}
      </p>
      <dl className="c-cards">
        {(['moved', 'refunded', 'left', 'failed', 'pending'] as const).map((state) => (
          <div className="c-card" key={state}>
            <dt>{t(`moves_state_${state}`)}</dt>
            <dd>{f.count(run.counts[state])}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
