import type { ReportName } from '@kippu/contract/console/reports-schemas';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import {
  REPORT_CHANNELS,
  REPORT_CHOICES,
  REPORT_METHODS,
  SALES_GROUPS,
  SETTLEMENT_VIEWS,
  type FilterValues,
} from './report-catalogue.ts';
import { useReportWords } from './report-words.ts';

/** A report's filter fields: its days, and the choices it reads (view, grouping, method, channel). */
export function ReportFilterFields({
  report,
  draft,
  onChange,
}: {
  report: ReportName;
  draft: FilterValues;
  onChange: (next: FilterValues) => void;
}) {
  const { t } = useConsoleI18n();
  const words = useReportWords();
  const day = (name: 'from' | 'to', label: string) => (
    <div className="c-field">
      <label htmlFor={`c-report-${name}`}>{label}</label>
      <input
        id={`c-report-${name}`}
        type="date"
        required
        value={draft[name]}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  const select = (
    name: 'view' | 'group' | 'method' | 'channel',
    label: string,
    values: readonly string[],
    word: (value: string) => string,
    anyLabel?: string,
  ) => (
    <div className="c-field" key={name}>
      <label htmlFor={`c-report-${name}`}>{label}</label>
      <select
        id={`c-report-${name}`}
        className="c-select"
        value={draft[name] || (anyLabel ? '' : values[0])}
        onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
      >
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {values.map((value) => (
          <option key={value} value={value}>
            {word(value)}
          </option>
        ))}
      </select>
    </div>
  );
  const choices = {
    view: () => select('view', t('reports_view'), SETTLEMENT_VIEWS, (view) => t(`report_view_${view}`)),
    group: () => select('group', t('reports_group'), SALES_GROUPS, (group) => t(`report_group_${group}`)),
    method: () => select('method', t('reports_method'), REPORT_METHODS, words.method, t('reports_any')),
    channel: () => select('channel', t('reports_channel'), REPORT_CHANNELS, words.channel, t('reports_any')),
  };
  return (
    <>
      {day('from', t('reports_from'))}
      {day('to', t('reports_to'))}
      {REPORT_CHOICES[report].map((name) => choices[name]())}
    </>
  );
}
