import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { permits } from '@kippu/contract/console/permissions';
import type { StaffMember } from '@kippu/contract/console/identity-schemas';
import type { LangCode } from '@kippu/contract/enums';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useFormat } from '../../shared/format/use-format.ts';
import { CONSOLE_LANGS, LANG_NAMES, useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { useRoleName } from '../../shared/i18n/role-name.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { Dialog } from '../../shared/ui/dialog.tsx';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';
import { SiteScopeFields, type SiteScope } from './site-scope-fields.tsx';
import { listRoles, listStaff, listStaffInvitations, staffKeys } from './staff-queries.ts';

/** Staff of the organisation: invite (role and sites), pending invitations, change, reset, remove. */
export function StaffScreen({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const roleName = useRoleName();
  const client = useQueryClient();
  const canWrite = session.permissions ? permits(session.permissions.staff, 'write') : false;
  const sites = session.sites ?? [];
  const staff = useQuery({ queryKey: staffKeys.staff, queryFn: listStaff });
  const invitations = useQuery({ queryKey: staffKeys.invitations, queryFn: listStaffInvitations });
  const roles = useQuery({ queryKey: staffKeys.roles, queryFn: listRoles });
  const refresh = () =>
    Promise.all(
      [staffKeys.staff, staffKeys.invitations].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRevokeStaffInvitation, { params: { id } }),
    onSuccess: refresh,
  });
  const resetFactor = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleResetSecondFactor, { params: { id } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleRemoveStaff, { params: { id } }),
    onSuccess: refresh,
  });
  const siteNames = (member: { allSites: boolean; siteCodes: readonly string[] }) =>
    member.allSites
      ? t('staff_all_sites')
      : member.siteCodes.map((code) => sites.find((site) => site.code === code)?.name ?? code).join(', ');
  // An invitation names its role by id (and its stored name): the organisation's roles give the template.
  const invitedRole = (row: { roleId: number; roleName: string }) =>
    roleName(roles.data?.roles.find((role) => role.id === row.roleId) ?? { name: row.roleName });
  return (
    <Page title={t('staff_title')}>
      {canWrite && roles.data ? <InviteForm roles={roles.data.roles} sites={sites} onDone={refresh} /> : null}
      <ErrorNotice error={staff.error ?? revoke.error ?? resetFactor.error ?? remove.error} />
      {staff.isPending ? <Loading /> : null}
      {staff.data ? (
        <DataTable
          caption={t('staff_members')}
          rows={staff.data.staff}
          rowKey={(row) => row.id}
          empty={t('staff_none')}
          columns={[
            { key: 'name', header: t('field_name'), cell: (row) => row.name },
            { key: 'email', header: t('field_email'), cell: (row) => row.email, breakAnywhere: true },
            { key: 'role', header: t('field_role'), cell: (row) => roleName(row.role) },
            { key: 'sites', header: t('staff_sites'), cell: siteNames },
            {
              key: 'totp',
              header: t('staff_second_factor'),
              cell: (row) => (row.totpEnabled ? t('staff_totp_on') : t('staff_totp_off')),
            },
            {
              key: 'actions',
              header: t('actions'),
              cell: (row) =>
                canWrite && row.id !== session.staff?.id ? (
                  <span className="c-actions">
                    <button
                      className="c-button c-button--small"
                      type="button"
                      onClick={() => setEditing(row)}
                    >
                      {t('staff_change')}
                    </button>
                    {row.totpEnabled ? (
                      <button
                        className="c-button c-button--small"
                        type="button"
                        onClick={() => {
                          if (window.confirm(t('staff_reset_totp_confirm', { name: row.name })))
                            resetFactor.mutate(row.id);
                        }}
                      >
                        {t('staff_reset_totp')}
                      </button>
                    ) : null}
                    <button
                      className="c-button c-button--small c-button--danger"
                      type="button"
                      onClick={() => {
                        if (window.confirm(t('staff_remove_confirm', { name: row.name })))
                          remove.mutate(row.id);
                      }}
                    >
                      {t('staff_remove')}
                    </button>
                  </span>
                ) : null,
            },
          ]}
        />
      ) : null}
      {invitations.data ? (
        <DataTable
          caption={t('staff_invitations')}
          rows={invitations.data.invitations}
          rowKey={(row) => row.id}
          empty={t('staff_no_invitations')}
          columns={[
            { key: 'name', header: t('field_name'), cell: (row) => row.name },
            { key: 'email', header: t('field_email'), cell: (row) => row.email, breakAnywhere: true },
            { key: 'role', header: t('field_role'), cell: (row) => invitedRole(row) },
            { key: 'sites', header: t('staff_sites'), cell: siteNames },
            { key: 'expires', header: t('staff_expires'), cell: (row) => f.dateTime(row.expiresAt) },
            {
              key: 'actions',
              header: t('actions'),
              cell: (row) =>
                canWrite ? (
                  <button
                    className="c-button c-button--small c-button--danger"
                    type="button"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(row.id)}
                  >
                    {t('revoke')}
                  </button>
                ) : null,
            },
          ]}
        />
      ) : null}
      {editing && roles.data ? (
        <MembershipDialog
          member={editing}
          roles={roles.data.roles}
          sites={sites}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </Page>
  );
}

type Role = { id: number; name: string; template: string | null };

function RoleSelect({
  roles,
  value,
  onChange,
}: {
  roles: readonly Role[];
  value: number;
  onChange: (id: number) => void;
}) {
  const { t } = useConsoleI18n();
  const roleName = useRoleName();
  return (
    <div className="c-field">
      <label htmlFor="c-role">{t('field_role')}</label>
      <select
        id="c-role"
        className="c-select"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}

function InviteForm({
  roles,
  sites,
  onDone,
}: {
  roles: readonly Role[];
  sites: readonly { code: string; name: string }[];
  onDone: () => unknown;
}) {
  const { t, lang } = useConsoleI18n();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [inviteLang, setInviteLang] = useState<LangCode>(lang);
  const [roleId, setRoleId] = useState(
    roles.find((role) => role.template === 'gate')?.id ?? roles[0]?.id ?? 0,
  );
  const [scope, setScope] = useState<SiteScope>({ allSites: false, siteCodes: [] });
  // Held here: the success notice inside must stay in sight after the re-render the answer causes.
  const [open, setOpen] = useState(false);
  const invite = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleInviteStaff, { body: { email, name, lang: inviteLang, roleId, ...scope } }),
    onSuccess: () => {
      setEmail('');
      setName('');
      return onDone();
    },
  });
  return (
    <details className="c-panel" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="c-summary">{t('staff_invite')}</summary>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate();
        }}
      >
        <Field
          label={t('field_email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field label={t('field_name')} value={name} onChange={(event) => setName(event.target.value)} />
        <div className="c-field">
          <label htmlFor="c-invite-lang">{t('staff_mail_language')}</label>
          <select
            id="c-invite-lang"
            className="c-select"
            value={inviteLang}
            onChange={(event) => setInviteLang(event.target.value as LangCode)}
          >
            {CONSOLE_LANGS.map((code) => (
              <option key={code} value={code}>
                {LANG_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        <RoleSelect roles={roles} value={roleId} onChange={setRoleId} />
        <SiteScopeFields sites={sites} value={scope} onChange={setScope} />
        <ErrorNotice error={invite.error} />
        {invite.isSuccess ? (
          <p className="c-notice c-notice--ok" role="status">
            {t('staff_invited')}
          </p>
        ) : null}
        <button className="c-button c-button--primary" type="submit" disabled={invite.isPending}>
          {t('staff_invite_submit')}
        </button>
      </form>
    </details>
  );
}

function MembershipDialog({
  member,
  roles,
  sites,
  onClose,
  onDone,
}: {
  member: StaffMember;
  roles: readonly Role[];
  sites: readonly { code: string; name: string }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useConsoleI18n();
  const [roleId, setRoleId] = useState(member.role.id);
  const [scope, setScope] = useState<SiteScope>({
    allSites: member.allSites,
    siteCodes: [...member.siteCodes],
  });
  const save = useMutation({
    mutationFn: () =>
      consoleCall(R.consoleUpdateMembership, { params: { id: member.id }, body: { roleId, ...scope } }),
    onSuccess: onDone,
  });
  return (
    <Dialog title={t('staff_change_title', { name: member.name })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <RoleSelect roles={roles} value={roleId} onChange={setRoleId} />
        <SiteScopeFields sites={sites} value={scope} onChange={setScope} />
        <ErrorNotice error={save.error} />
        <div className="c-actions">
          <button className="c-button c-button--primary" type="submit" disabled={save.isPending}>
            {t('save')}
          </button>
          <button className="c-button" type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
