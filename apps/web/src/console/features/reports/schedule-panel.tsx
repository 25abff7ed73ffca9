import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { permits } from '@kippu/contract/console/permissions';
import type { ReportSchedulesAnswer } from '@kippu/contract/console/reports-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { ReloadOnConflict } from '../../shared/ui/reload-on-conflict.tsx';
import { ErrorNotice, Loading } from '../../shared/ui/ui.tsx';
import { reportKeys } from './report-catalogue.ts';

type Draft = { enabled: boolean; recipients: number[]; sites: string[] };

const draftOf = (answer: ReportSchedulesAnswer): Draft => ({
  enabled: answer.daily_settlement.enabled,
  recipients: [...answer.daily_settlement.recipient_staff_ids],
  sites: [...answer.daily_settlement.site_codes],
});

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...list, value])] : list.filter((each) => each !== value);

/**
 * The daily settlement mailed each morning: on or off, to whom (staff whose role reads reports), for which
 * sites (none chosen: all). Anyone who reads reports sees it; saving it needs reports write (owner,
 * administrator and finance templates: finance chooses who gets the settlement), so others see it without
 * the save button.
 */
export function SchedulePanel({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const canSave = Boolean(session.permissions && permits(session.permissions.reports, 'write'));
  const schedules = useQuery({
    queryKey: reportKeys.schedules,
    queryFn: () => consoleCall(R.consoleReportSchedules),
  });
  const data = schedules.data;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saved, setSaved] = useState(false);
  // A fresh answer (first load, after a save, after "load the saved version") resets the form.
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);
  const save = useMutation({
    mutationFn: (next: Draft) =>
      consoleCall(R.consoleSaveReportSchedules, {
        body: {
          daily_settlement: {
            enabled: next.enabled,
            recipient_staff_ids: next.recipients,
            site_codes: next.sites,
            expected_version: data!.daily_settlement.version,
          },
        },
      }),
    onSuccess: (answer) => {
      client.setQueryData(reportKeys.schedules, answer);
      setSaved(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaved(false);
    save.mutate(draft);
  };

  const siteCodes = [
    ...new Set([...(session.sites ?? []).map((each) => each.code), ...(draft?.sites ?? [])]),
  ];
  const siteName = (code: string) => session.sites?.find((each) => each.code === code)?.name ?? code;
  return (
    <section className="c-panel c-report-schedule" aria-labelledby="c-report-schedule-title">
      <h2 id="c-report-schedule-title">{t('reports_schedule_title')}</h2>
      <p className="c-muted">{t('reports_schedule_intro')}</p>
      {schedules.isPending ? <Loading /> : null}
      <ErrorNotice error={schedules.error} />
      {data && draft ? (
        <form onSubmit={submit}>
          <fieldset disabled={!canSave || save.isPending} className="c-report-schedule__fields">
            <label className="c-report-check">
              <input
                type="checkbox"
                checked={draft.enabled}
                onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
              />
              {t('reports_schedule_enabled')}
            </label>
            <fieldset className="c-checks c-report-schedule__group">
              <legend>{t('reports_schedule_recipients')}</legend>
              {data.candidates.length === 0 ? (
                <p className="c-muted">{t('reports_schedule_no_candidates')}</p>
              ) : null}
              {data.candidates.map((candidate) => (
                <label key={candidate.staff_id}>
                  <input
                    type="checkbox"
                    checked={draft.recipients.includes(candidate.staff_id)}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        recipients: toggled(draft.recipients, candidate.staff_id, event.target.checked),
                      })
                    }
                  />
                  <span className="c-report-recipient">
                    {candidate.name} <span className="c-muted">{candidate.email}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="c-checks c-report-schedule__group">
              <legend>{t('reports_schedule_sites')}</legend>
              <p className="c-field__hint">{t('reports_schedule_sites_hint')}</p>
              {siteCodes.map((code) => (
                <label key={code}>
                  <input
                    type="checkbox"
                    checked={draft.sites.includes(code)}
                    onChange={(event) =>
                      setDraft({ ...draft, sites: toggled(draft.sites, code, event.target.checked) })
                    }
                  />
                  {siteName(code)}
                </label>
              ))}
            </fieldset>
          </fieldset>
          {canSave ? (
            <p className="c-actions">
              <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
                {t('reports_schedule_save')}
              </button>
            </p>
          ) : (
            <p className="c-muted">{t('reports_schedule_read_only')}</p>
          )}
          {saved ? (
            <p className="c-notice" role="status">
              {t('reports_schedule_saved')}
            </p>
          ) : null}
          <ReloadOnConflict
            error={save.error}
            reloadLabel={t('reports_schedule_reload')}
            onReload={() => {
              save.reset();
              return schedules.refetch();
            }}
          />
        </form>
      ) : null}
    </section>
  );
}
