import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { DataTable, ErrorNotice, Page } from '../../shared/ui/ui.tsx';
import { fileErrorText, lineProblemText } from './import-problem-text.ts';
import { TEXTS } from './texts.ts';

/**
 * The member CSV of a site (replacing `npm run import-members`), pasted or read from a file; the answer is
 * line by line, and a file with any bad line imports nothing, as the CLI. The server's codes are worded
 * here, in the staff member's language. A site without membership login (ADR 128: the menu leaves the
 * import out, but the address still opens) is told why instead of a form the server would refuse.
 */
function Body({ session, params }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const site = params.site!;
  if (session.sites?.find((each) => each.code === site)?.membershipLogin === false) {
    return (
      <Page title={t('members_title')}>
        <p className="c-notice" role="note">
          {t('members_import_off')} <a href={hrefOf('siteSettings', { site })}>{t('nav_site_settings')}</a>
        </p>
      </Page>
    );
  }
  return <ImportForm site={site} />;
}

function ImportForm({ site }: { site: string }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const [csv, setCsv] = useState('');
  const [update, setUpdate] = useState(false);
  const run = useMutation({
    mutationFn: () => consoleCall(R.consoleImportMembers, { params: { site }, body: { csv, update } }),
  });
  const result = run.data;
  return (
    <Page title={t('members_title')}>
      <p>{t('members_text')}</p>
      <form
        className="c-panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (csv.trim() !== '') run.mutate();
        }}
      >
        <div className="c-field">
          <label htmlFor="c-members-file">{t('members_file')}</label>
          <input
            id="c-members-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void file.text().then(setCsv);
            }}
          />
        </div>
        <div className="c-field">
          <label htmlFor="c-members-csv">{t('members_csv')}</label>
          <textarea
            id="c-members-csv"
            value={csv}
            spellCheck={false}
            onChange={(event) => setCsv(event.target.value)}
          />
        </div>
        <label className="c-actions">
          <input type="checkbox" checked={update} onChange={(event) => setUpdate(event.target.checked)} />
          {t('members_update')}
        </label>
        <ErrorNotice error={run.error} />
        <p>
          <button
            className="c-button c-button--primary"
            type="submit"
            disabled={run.isPending || csv.trim() === ''}
          >
            {t('members_submit')}
          </button>
        </p>
      </form>
      {result ? (
        <>
          <p className={result.imported ? 'c-notice c-notice--ok' : 'c-notice c-notice--error'} role="status">
            {result.imported
              ? t('members_done', {
                  added: f.count(result.added),
                  updated: f.count(result.updated),
                  unchanged: f.count(result.unchanged),
                })
              : result.file_error
                ? t('members_refused_file', { problem: fileErrorText(result.file_error, t) })
                : t('members_refused')}
          </p>
          <DataTable
            caption={t('members_lines')}
            rows={result.lines}
            rowKey={(row) => row.line}
            empty={t('members_no_lines')}
            columns={[
              { key: 'line', header: t('members_line'), numeric: true, cell: (row) => row.line },
              { key: 'email', header: t('field_email'), cell: (row) => row.email, breakAnywhere: true },
              {
                key: 'result',
                header: t('members_result'),
                cell: (row) => (
                  <span className={row.result === 'error' ? 'c-status--bad' : undefined}>
                    {t(`members_result_${row.result}`)}
                  </span>
                ),
              },
              {
                key: 'problem',
                header: t('members_message'),
                cell: (row) => (row.problem ? lineProblemText(row.problem, t) : ''),
              },
            ]}
          />
        </>
      ) : null}
    </Page>
  );
}

export const MemberImportScreen = featureScreen(TEXTS, Body);
