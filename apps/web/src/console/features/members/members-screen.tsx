import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ConsoleMember, ErasedMember } from '@kippu/contract/console/operations-members';
import { permits } from '@kippu/contract/console/permissions';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { hrefOf } from '../../shared/routing/console-paths.ts';
import { navigate } from '../../shared/routing/use-hash.ts';
import { SESSION_QUERY_KEY } from '../../shared/session/session-api.ts';
import { featureScreen, type FeatureScreenProps } from '../../shared/ui/feature-screen.tsx';
import { IrreversibleDialog } from '../../shared/ui/irreversible-dialog.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { MembershipOff } from './membership-off.tsx';
import { TEXTS } from './texts.ts';
import './members.css';

const membersKey = (site: string) => ['console', 'members', site] as const;

/**
 * The site's members (ADR 124): found by the start of their address or any part of their name (kept in the
 * address, so a search can be shared and survives a reload), older pages on demand; settings writers erase
 * one who asked for it (the password again), and reach the CSV import from here. A site without membership
 * login says so instead of an empty list (ADR 128).
 */
function Body({ session, params, query }: FeatureScreenProps) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const site = params.site!;
  const search = query.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  // Back and forward change the search in the address: the box follows it.
  useEffect(() => setDraft(search), [search]);
  const status = useRef<HTMLParagraphElement>(null);
  const [erasing, setErasing] = useState<ConsoleMember | null>(null);
  const [erased, setErased] = useState<ErasedMember['erased'] | null>(null);
  const canWrite = Boolean(session.permissions && permits(session.permissions.settings, 'write'));
  const siteOfSession = session.sites?.find((each) => each.code === site);
  const off = siteOfSession?.membershipLogin === false;
  const members = useInfiniteQuery({
    queryKey: [...membersKey(site), search],
    queryFn: ({ pageParam }) =>
      consoleCall(R.consoleListMembers, {
        params: { site },
        query: { ...(search ? { q: search } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const q = draft.trim();
    navigate(`${hrefOf('members', { site })}${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`);
  };
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];
  // Without membership login the list holds only members kept from when it was on (they stay until erased):
  // the search and the table show when there are any, the explanation alone when there are none.
  const listed = !off || search !== '' || rows.length > 0;
  const columns = [
    { key: 'email', header: t('members_list_email'), cell: (m: ConsoleMember) => m.email },
    { key: 'name', header: t('members_list_name'), cell: (m: ConsoleMember) => m.name },
    { key: 'phone', header: t('members_list_phone'), cell: (m: ConsoleMember) => m.phone },
    {
      key: 'created',
      header: t('members_list_created'),
      cell: (m: ConsoleMember) => f.dateTime(m.created_at),
    },
    { key: 'orders', header: t('members_list_orders'), cell: (m: ConsoleMember) => f.count(m.orders) },
    {
      key: 'last',
      header: t('members_list_last_order'),
      cell: (m: ConsoleMember) => (m.last_order_at ? f.dateTime(m.last_order_at) : '—'),
    },
    ...(canWrite
      ? [
          {
            key: 'erase',
            header: t('members_list_actions'),
            cell: (m: ConsoleMember) => (
              <button
                className="c-button c-button--small c-button--danger c-members-erase"
                type="button"
                aria-label={t('members_erase_for', { email: m.email })}
                onClick={() => {
                  setErased(null);
                  setErasing(m);
                }}
              >
                {t('members_erase_open')}
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page title={t('members_list_title')}>
      {off ? (
        <MembershipOff site={site} kept={rows.length > 0 || Boolean(siteOfSession?.hasMembers)} />
      ) : (
        <p>{t('members_list_text')}</p>
      )}
      {canWrite && !off ? (
        <p>
          <a href={hrefOf('memberImport', { site })}>{t('members_list_import')}</a>
        </p>
      ) : null}
      {listed ? (
        <form className="c-filters" role="search" aria-label={t('members_list_search')} onSubmit={apply}>
          <Field
            label={t('members_list_search')}
            type="search"
            value={draft}
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
          />
          <p className="c-actions">
            <button className="c-button c-button--primary" type="submit">
              {t('members_list_find')}
            </button>
          </p>
        </form>
      ) : null}
      {erased ? (
        <p className="c-notice c-notice--ok" role="status" tabIndex={-1} ref={status}>
          {t('members_erase_done', { orders: f.count(erased.orders_unlinked) })}
        </p>
      ) : null}
      {members.isPending ? (
        <Loading />
      ) : members.data === undefined ? (
        <ErrorNotice error={members.error} />
      ) : !listed ? null : (
        <DataTable
          caption={t('members_list_caption')}
          columns={columns}
          rows={rows}
          rowKey={(m) => String(m.id)}
          empty={search ? t('members_list_none_found') : t('members_list_none')}
        />
      )}
      {members.data !== undefined && members.isError ? <ErrorNotice error={members.error} /> : null}
      {members.hasNextPage ? (
        <p>
          <button
            className="c-button"
            type="button"
            disabled={members.isFetchingNextPage}
            onClick={() => void members.fetchNextPage()}
          >
            {t('members_list_more')}
          </button>
        </p>
      ) : null}
      {erasing ? (
        <EraseMemberDialog
          site={site}
          member={erasing}
          onClose={() => setErasing(null)}
          onErased={(done) => {
            setErasing(null);
            setErased(done);
            // The row that opened the dialog is gone: focus goes to what happened.
            requestAnimationFrame(() => status.current?.focus());
          }}
        />
      ) : null}
    </Page>
  );
}

function EraseMemberDialog({
  site,
  member,
  onClose,
  onErased,
}: {
  site: string;
  member: ConsoleMember;
  onClose: () => void;
  onErased: (erased: ErasedMember['erased']) => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const client = useQueryClient();
  const erase = useMutation({
    mutationFn: () => consoleCall(R.consoleEraseMember, { params: { site, id: String(member.id) } }),
    onSuccess: async (answer) => {
      await client.invalidateQueries({ queryKey: membersKey(site) });
      // The menu shows Members on a site without membership login only while it keeps members (ADR 128).
      await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      onErased(answer.erased);
    },
  });
  return (
    <IrreversibleDialog
      title={t('members_erase_title')}
      intro={t('members_erase_intro', { email: member.email, name: member.name })}
      warning={t('members_erase_warning')}
      passwordHint={t('members_erase_password')}
      understood={t('members_erase_understood')}
      submit={t('members_erase_submit')}
      error={<ErrorNotice error={erase.error} />}
      pending={erase.isPending}
      onConfirm={() => erase.mutate()}
      onClose={onClose}
    >
      <ul>
        <li>{t('members_erase_item_account')}</li>
        <li>{t('members_erase_item_orders', { orders: f.count(member.orders) })}</li>
        <li>{t('members_erase_item_purchases')}</li>
      </ul>
    </IrreversibleDialog>
  );
}

export const MembersScreen = featureScreen(TEXTS, Body);
