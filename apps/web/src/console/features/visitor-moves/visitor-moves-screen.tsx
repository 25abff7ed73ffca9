import { useQuery } from '@tanstack/react-query';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { textIn } from '../../shared/ui/form-support.ts';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { useSourceText } from './move-display.tsx';
import { MovePlanner } from './move-planner.tsx';
import { listMoves, moveKeys } from './move-queries.ts';
import { TEXTS } from './texts.ts';
import './visitor-moves.css';

/** Move every visitor of a closed slot or day: plan a new run, and the runs so far (issue 29, ADR 083). */
function Body({ params, query, session }: FeatureScreenProps) {
  const site = params.site!;
  const { t, lang } = useConsoleI18n();
  const f = useFormat();
  const sourceText = useSourceText();
  const runs = useQuery({ queryKey: moveKeys.list(site), queryFn: () => listMoves(site) });
  return (
    <Page
      title={t('moves_title')}
      actions={
        <a className="c-button" href={hrefOf('schedule', { site })}>
          {t('moves_open_schedule')}
        </a>
      }
    >
      <MovePlanner site={site} query={query} session={session} />
      <section>
        <h2 id="c-move-runs">{t('moves_runs')}</h2>
        <ErrorNotice error={runs.error} />
        {runs.isPending ? <Loading /> : null}
        {runs.data ? (
          <DataTable
            caption={t('moves_runs')}
            rows={runs.data.moves}
            rowKey={(run) => run.id}
            empty={t('moves_no_runs')}
            columns={[
              {
                key: 'run',
                header: t('moves_run'),
                cell: (run) => (
                  <a className="c-link" href={hrefOf('visitorMove', { site, moveId: String(run.id) })}>
                    {t('moves_run_named', { id: run.id })}
                  </a>
                ),
              },
              { key: 'created', header: t('created_at'), cell: (run) => f.dateTime(run.created_at) },
              { key: 'product', header: t('moves_product'), cell: (run) => textIn(run.product_names, lang) },
              { key: 'source', header: t('moves_source'), cell: (run) => sourceText(run.source) },
              { key: 'status', header: t('state'), cell: (run) => t(`moves_run_${run.status}`) },
              {
                key: 'total',
                header: t('moves_plan_reservations'),
                numeric: true,
                cell: (run) => f.count(run.total),
              },
              {
                key: 'moved',
                header: t('moves_state_moved'),
                numeric: true,
                cell: (run) => f.count(run.counts.moved),
              },
              {
                key: 'refunded',
                header: t('moves_state_refunded'),
                numeric: true,
                cell: (run) => f.count(run.counts.refunded),
              },
              {
                key: 'left',
                header: t('moves_state_left'),
                numeric: true,
                cell: (run) => f.count(run.counts.left),
              },
              {
                key: 'failed',
                header: t('moves_state_failed'),
                numeric: true,
                cell: (run) => f.count(run.counts.failed),
              },
            ]}
          />
        ) : null}
      </section>
    </Page>
  );
}

export const VisitorMovesScreen = featureScreen(TEXTS, Body);
