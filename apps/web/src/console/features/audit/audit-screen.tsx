import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_OBJECT_TYPES,
  type AuditEvent,
} from '@kippu/contract/console/audit-schemas';
import { actorLabelWords, actorName } from '../../shared/actors/actor-name.ts';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { codeWord } from '../../shared/i18n/code-word.ts';
import { HTML_LANG, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';
import { TEXTS } from './texts.ts';
import './audit.css';

const FILTERS = ['actor_kind', 'staff', 'object_type', 'object_id', 'action', 'site', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** `datetime-local` in Tokyo time → the ISO instant the API takes (with the +09:00 offset). */
const tokyoInstant = (local: string) =>
  local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : undefined;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return <pre className="c-pre">{JSON.stringify(value, null, 1)}</pre>;
}

/**
 * The words for the log's codes (texts/<lang>.json); a code without one (a row of a code since retired, or
 * one the server added later) shows as it is stored.
 */
function useAuditWords() {
  const { t } = useConsoleI18n();
  return {
    action: (code: string) => codeWord(t, 'audit_action_', code),
    object: (code: string) => codeWord(t, 'audit_object_', code),
  };
}

/**
 * A code's word with the code as stored beneath it (staff searching the log, or reporting a row, name the
 * code); a code without a word shows once, as it is.
 */
function Worded({ word, code }: { word: string; code: string }) {
  if (word === code) return <code>{code}</code>;
  return (
    <>
      {word}
      <code className="c-audit-code">{code}</code>
    </>
  );
}

function useEventColumns() {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const words = useAuditWords();
  return [
    { key: 'at', header: t('audit_at'), cell: (event: AuditEvent) => f.dateTime(event.at) },
    {
      key: 'actor',
      header: t('audit_actor'),
      cell: (event: AuditEvent) => {
        const { kind, label } = event.actor;
        // A job's code beneath its words, as an action's: what staff searching the log or reporting a row name.
        const worded = kind === 'system' && label !== null && actorLabelWords(t, kind, label) !== null;
        return (
          <>
            {actorName(t, event.actor)}
            {worded ? <code className="c-audit-code">{label}</code> : null}
          </>
        );
      },
    },
    { key: 'site', header: t('site_picker'), cell: (event: AuditEvent) => event.site_code ?? '' },
    {
      key: 'object',
      header: t('audit_object'),
      cell: (event: AuditEvent) => {
        const word = words.object(event.object_type);
        return (
          <>
            <a href={hrefOf('auditObject', { objectType: event.object_type, objectId: event.object_id })}>
              {word} {event.object_id}
            </a>
            {word === event.object_type ? null : <code className="c-audit-code">{event.object_type}</code>}
          </>
        );
      },
    },
    {
      key: 'action',
      header: t('audit_action'),
      cell: (event: AuditEvent) => <Worded word={words.action(event.action)} code={event.action} />,
    },
    { key: 'before', header: t('audit_before'), cell: (event: AuditEvent) => <Json value={event.before} /> },
    { key: 'after', header: t('audit_after'), cell: (event: AuditEvent) => <Json value={event.after} /> },
    { key: 'client', header: t('audit_client'), cell: (event: AuditEvent) => event.client_address ?? '' },
  ];
}

type CodeChoice = { code: string; word: string };

/**
 * A filter's choices among the codes: each by its word, in the staff member's alphabetical order, and the
 * address's code when the list no longer has it (a link shared before), shown as it is.
 */
function useCodeChoices(
  codes: readonly string[],
  word: (code: string) => string,
  current: string,
): CodeChoice[] {
  const { lang } = useConsoleI18n();
  const collator = new Intl.Collator(HTML_LANG[lang]);
  const known = codes.map((code) => ({ code, word: word(code) }));
  known.sort((a, b) => collator.compare(a.word, b.word));
  return current === '' || codes.includes(current) ? known : [{ code: current, word: current }, ...known];
}

/**
 * The organisation's audit log, newest first, with filters kept in the address (a filtered view can be
 * shared and survives a reload) and older pages on demand (the API's cursor).
 */
function AuditLog({ session, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const columns = useEventColumns();
  const words = useAuditWords();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ''])) as Record<
    Filter,
    string
  >;
  const [draft, setDraft] = useState(filters);
  const apiQuery = {
    ...Object.fromEntries(
      FILTERS.filter((name) => filters[name] !== '').map((name) => [name, filters[name]]),
    ),
    from: tokyoInstant(filters.from),
    to: tokyoInstant(filters.to),
  };
  const events = useInfiniteQuery({
    queryKey: ['console', 'audit', apiQuery],
    queryFn: ({ pageParam }) =>
      consoleCall(R.consoleAuditEvents, { query: { ...apiQuery, cursor: pageParam, limit: '50' } as never }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams(Object.entries(draft).filter(([, value]) => value !== ''));
    const search = params.toString();
    navigate(`${hrefOf('audit')}${search ? `?${search}` : ''}`);
  };
  const objectTypes = useCodeChoices(AUDIT_OBJECT_TYPES, words.object, filters.object_type);
  const actions = useCodeChoices(AUDIT_ACTIONS, words.action, filters.action);
  const codeField = (name: 'object_type' | 'action', label: string, choices: readonly CodeChoice[]) => (
    <div className="c-field">
      <label htmlFor={`c-audit-${name}`}>{label}</label>
      <select
        id={`c-audit-${name}`}
        className="c-select"
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      >
        <option value="">{t('audit_any')}</option>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.word}
          </option>
        ))}
      </select>
    </div>
  );
  const field = (name: Filter, label: string, type = 'text') => (
    <div className="c-field">
      <label htmlFor={`c-audit-${name}`}>{label}</label>
      <input
        id={`c-audit-${name}`}
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  // The log is the staff area's (read), so the list of members is readable wherever the log is.
  const staff = useQuery({ queryKey: ['console', 'staff'], queryFn: () => consoleCall(R.consoleStaffList) });
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Page title={t('audit_title')}>
      <form className="c-filters" role="search" aria-label={t('audit_filters')} onSubmit={apply}>
        <div className="c-field">
          <label htmlFor="c-audit-actor_kind">{t('audit_actor')}</label>
          <select
            id="c-audit-actor_kind"
            className="c-select"
            value={draft.actor_kind}
            onChange={(event) => setDraft({ ...draft, actor_kind: event.target.value })}
          >
            <option value="">{t('audit_any')}</option>
            {AUDIT_ACTOR_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`audit_actor_${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="c-field">
          <label htmlFor="c-audit-staff">{t('audit_staff_member')}</label>
          <select
            id="c-audit-staff"
            className="c-select"
            value={draft.staff}
            onChange={(event) => setDraft({ ...draft, staff: event.target.value })}
          >
            <option value="">{t('audit_any')}</option>
            {(staff.data?.staff ?? []).map((member) => (
              <option key={member.id} value={String(member.id)}>
                {member.name}
              </option>
            ))}
          </select>
        </div>
        {codeField('object_type', t('audit_object_type'), objectTypes)}
        {field('object_id', t('audit_object_id'))}
        {codeField('action', t('audit_action'), actions)}
        <div className="c-field">
          <label htmlFor="c-audit-site">{t('site_picker')}</label>
          <select
            id="c-audit-site"
            className="c-select"
            value={draft.site}
            onChange={(event) => setDraft({ ...draft, site: event.target.value })}
          >
            <option value="">{t('audit_any')}</option>
            {(session.sites ?? []).map((site) => (
              <option key={site.code} value={site.code}>
                {site.name}
              </option>
            ))}
          </select>
        </div>
        {field('from', t('audit_from'), 'datetime-local')}
        {field('to', t('audit_to'), 'datetime-local')}
        <div className="c-field">
          <button className="c-button c-button--primary" type="submit">
            {t('audit_apply')}
          </button>
        </div>
      </form>
      <ErrorNotice error={events.error} />
      {events.isPending ? <Loading /> : null}
      {events.data ? (
        <DataTable
          caption={t('audit_events')}
          rows={rows}
          rowKey={(row) => row.id}
          empty={t('audit_none')}
          columns={columns}
        />
      ) : null}
      {events.hasNextPage ? (
        <button
          className="c-button"
          type="button"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          {t('audit_more')}
        </button>
      ) : null}
    </Page>
  );
}

/** One object's history, oldest first; an order's status moves (`order_events`) beside its audit events. */
function ObjectHistory({ params }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const columns = useEventColumns();
  const words = useAuditWords();
  const objectType = params.objectType!;
  const objectId = params.objectId!;
  const history = useQuery({
    queryKey: ['console', 'audit-object', objectType, objectId],
    queryFn: () => consoleCall(R.consoleAuditObjectHistory, { params: { objectType, objectId } }),
  });
  const audit =
    history.data?.entries.flatMap((entry) => (entry.source === 'audit' ? [entry.event] : [])) ?? [];
  const moves =
    history.data?.entries.flatMap((entry) => (entry.source === 'order_status' ? [entry.event] : [])) ?? [];
  return (
    <Page
      title={t('audit_object_title', { type: words.object(objectType), id: objectId })}
      actions={<a href={hrefOf('audit')}>{t('audit_back')}</a>}
    >
      <ErrorNotice error={history.error} />
      {history.isPending ? <Loading /> : null}
      {history.data ? (
        <>
          <DataTable
            caption={t('audit_events')}
            rows={audit}
            rowKey={(row) => row.id}
            empty={t('audit_none')}
            columns={columns}
          />
          {objectType === 'order' ? (
            <DataTable
              caption={t('audit_order_events')}
              rows={moves}
              rowKey={(row) => row.id}
              empty={t('audit_none')}
              columns={[
                { key: 'at', header: t('audit_at'), cell: (row) => f.dateTime(row.at) },
                { key: 'from', header: t('audit_from_status'), cell: (row) => row.from_status ?? '' },
                { key: 'to', header: t('audit_to_status'), cell: (row) => row.to_status },
                { key: 'reason', header: t('audit_reason'), cell: (row) => row.reason },
              ]}
            />
          ) : null}
        </>
      ) : null}
    </Page>
  );
}

export const AuditScreen = featureScreen(TEXTS, AuditLog);
export const AuditObjectScreen = featureScreen(TEXTS, ObjectHistory);
