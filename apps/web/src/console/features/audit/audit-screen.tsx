import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AUDIT_ACTOR_KINDS, type AuditEvent } from '@kippu/contract/console/audit-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { DataTable, ErrorNotice, Loading, Page } from '../../shared/ui/ui.tsx';

const FILTERS = ['actor_kind', 'staff', 'object_type', 'object_id', 'action', 'site', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** `datetime-local` in Tokyo time → the ISO instant the API takes (with the +09:00 offset). */
const tokyoInstant = (local: string) =>
  local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : undefined;

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  return <pre className="c-pre">{JSON.stringify(value, null, 1)}</pre>;
}

function useEventColumns() {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const actor = (event: AuditEvent) =>
    event.actor.label ??
    (event.actor.staff_id !== null
      ? t('audit_actor_staff_id', { id: event.actor.staff_id })
      : event.actor.device_id !== null
        ? t('audit_actor_device_id', { id: event.actor.device_id })
        : t(`audit_actor_${event.actor.kind}`));
  return [
    { key: 'at', header: t('audit_at'), cell: (event: AuditEvent) => f.dateTime(event.at) },
    {
      key: 'actor',
      header: t('audit_actor'),
      cell: (event: AuditEvent) => `${t(`audit_actor_${event.actor.kind}`)} · ${actor(event)}`,
    },
    { key: 'site', header: t('site_picker'), cell: (event: AuditEvent) => event.site_code ?? '' },
    {
      key: 'object',
      header: t('audit_object'),
      cell: (event: AuditEvent) => (
        <a href={hrefOf('auditObject', { objectType: event.object_type, objectId: event.object_id })}>
          {event.object_type} {event.object_id}
        </a>
      ),
    },
    { key: 'action', header: t('audit_action'), cell: (event: AuditEvent) => event.action },
    { key: 'before', header: t('audit_before'), cell: (event: AuditEvent) => <Json value={event.before} /> },
    { key: 'after', header: t('audit_after'), cell: (event: AuditEvent) => <Json value={event.after} /> },
    { key: 'client', header: t('audit_client'), cell: (event: AuditEvent) => event.client_address ?? '' },
  ];
}

/**
 * The organisation's audit log, newest first, with filters kept in the address (a filtered view can be
 * shared and survives a reload) and older pages on demand (the API's cursor).
 */
export function AuditScreen({ session, query }: { session: ConsoleSession; query: URLSearchParams }) {
  const { t } = useConsoleI18n();
  const columns = useEventColumns();
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
        {field('object_type', t('audit_object_type'))}
        {field('object_id', t('audit_object_id'))}
        {field('action', t('audit_action'))}
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
export function AuditObjectScreen({ params }: { params: Record<string, string> }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const columns = useEventColumns();
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
      title={t('audit_object_title', { type: objectType, id: objectId })}
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
