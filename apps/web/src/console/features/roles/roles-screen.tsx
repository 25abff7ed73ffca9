import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffRole } from '@kippu/contract/console/identity-schemas';
import {
  PERMISSION_AREAS,
  PERMISSION_LEVELS,
  permits,
  ROLE_TEMPLATES,
  type PermissionLevel,
  type Permissions,
} from '@kippu/contract/console/permissions';
import { consoleCall, ConsoleApiError } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import { useRoleName } from '../../shared/i18n/role-name.ts';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { DataTable, ErrorNotice, Field, Loading, Page } from '../../shared/ui/ui.tsx';

interface Draft {
  id: number | null;
  name: string;
  permissions: Permissions;
  limits: StaffRole['limits'];
  requireSecondFactor: boolean;
}

/**
 * The server's rule for changing roles (role-routes.ts): staff write, without the `staffNotOwners` limit that
 * keeps an administrator away from owners (a role could make one). Not the role's template: a custom role
 * with the owner's permissions edits roles, a renamed or re-permissioned template copy may not.
 */
export function canEditRoles(session: Pick<ConsoleSession, 'permissions' | 'limits'>): boolean {
  if (!session.permissions) return false;
  return permits(session.permissions.staff, 'write') && !session.limits?.staffNotOwners;
}

/**
 * The organisation's roles as a grid of areas × levels: the templates' copies and custom roles. An owner
 * edits them (the API refuses anyone else); a change applies to every member with the role at once.
 */
export function RolesScreen({ session }: { session: ConsoleSession }) {
  const { t } = useConsoleI18n();
  const client = useQueryClient();
  const roles = useQuery({ queryKey: ['console', 'roles'], queryFn: () => consoleCall(R.consoleRoles) });
  const canEdit = canEditRoles(session);
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useMutation({
    mutationFn: (role: Draft) => {
      const body = {
        name: role.name,
        permissions: role.permissions,
        limits: role.limits,
        requireSecondFactor: role.requireSecondFactor,
      };
      return role.id === null
        ? consoleCall(R.consoleCreateRole, { body })
        : consoleCall(R.consoleUpdateRole, { params: { id: role.id }, body });
    },
    onSuccess: () => {
      setDraft(null);
      return client.invalidateQueries({ queryKey: ['console', 'roles'] });
    },
  });
  // Only custom roles (template copies stay); the server refuses a role still held or invited to.
  const remove = useMutation({
    mutationFn: (id: number) => consoleCall(R.consoleDeleteRole, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['console', 'roles'] }),
  });
  const inUse =
    remove.error instanceof ConsoleApiError &&
    remove.error.issues.some((issue) => issue.message === 'the role is in use');
  const nameOf = useRoleName();
  return (
    <Page
      title={t('roles_title')}
      actions={
        canEdit ? (
          <button
            className="c-button"
            type="button"
            onClick={() =>
              setDraft({
                id: null,
                name: '',
                permissions: ROLE_TEMPLATES.gate.permissions,
                limits: {},
                requireSecondFactor: false,
              })
            }
          >
            {t('roles_new')}
          </button>
        ) : null
      }
    >
      {roles.isPending ? <Loading /> : null}
      <ErrorNotice error={roles.error} />
      {inUse ? (
        <p className="c-notice" role="alert">
          {t('roles_delete_in_use')}
        </p>
      ) : (
        <ErrorNotice error={remove.error} />
      )}
      {roles.data ? (
        <DataTable
          caption={t('roles_grid')}
          rows={roles.data.roles}
          rowKey={(row) => row.id}
          empty={t('roles_none')}
          columns={[
            { key: 'name', header: t('field_role'), cell: nameOf },
            ...PERMISSION_AREAS.map((area) => ({
              key: area,
              header: t(`area_${area}`),
              cell: (row: StaffRole) => t(`level_${row.permissions[area]}`),
            })),
            {
              key: 'totp',
              header: t('roles_second_factor'),
              cell: (row: StaffRole) => (row.requireSecondFactor ? t('yes') : t('no')),
            },
            {
              key: 'actions',
              header: t('actions'),
              cell: (row: StaffRole) =>
                canEdit ? (
                  <span className="c-actions">
                    <button
                      className="c-button c-button--small"
                      type="button"
                      onClick={() =>
                        setDraft({
                          id: row.id,
                          name: nameOf(row),
                          permissions: row.permissions,
                          limits: row.limits,
                          requireSecondFactor: row.requireSecondFactor,
                        })
                      }
                    >
                      {t('roles_edit')}
                    </button>
                    {row.template === null ? (
                      <button
                        className="c-button c-button--small"
                        type="button"
                        disabled={remove.isPending}
                        onClick={() => {
                          if (window.confirm(t('roles_delete_confirm', { name: row.name }))) {
                            remove.mutate(row.id);
                          }
                        }}
                      >
                        {t('roles_delete')}
                      </button>
                    ) : null}
                  </span>
                ) : null,
            },
          ]}
        />
      ) : null}
      {draft ? (
        <form
          className="c-panel"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(draft);
          }}
        >
          <h2>{draft.id === null ? t('roles_new') : t('roles_edit_title', { name: draft.name })}</h2>
          <Field
            label={t('roles_name')}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <fieldset className="c-field">
            <legend className="c-label">{t('roles_permissions')}</legend>
            <table className="c-table">
              <tbody>
                {PERMISSION_AREAS.map((area) => (
                  <tr key={area}>
                    <th scope="row">
                      <label htmlFor={`c-area-${area}`}>{t(`area_${area}`)}</label>
                    </th>
                    <td>
                      <select
                        id={`c-area-${area}`}
                        className="c-grid-select"
                        value={draft.permissions[area]}
                        onChange={(event) =>
                          setDraft({
                            ...draft,
                            permissions: {
                              ...draft.permissions,
                              [area]: event.target.value as PermissionLevel,
                            },
                          })
                        }
                      >
                        {PERMISSION_LEVELS.map((level) => (
                          <option key={level} value={level}>
                            {t(`level_${level}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </fieldset>
          <label className="c-actions">
            <input
              type="checkbox"
              checked={draft.requireSecondFactor}
              onChange={(event) => setDraft({ ...draft, requireSecondFactor: event.target.checked })}
            />
            {t('roles_require_second_factor')}
          </label>
          <ErrorNotice error={save.error} />
          <p className="c-actions">
            <button
              className="c-button c-button--primary"
              type="submit"
              disabled={save.isPending || draft.name.trim() === ''}
            >
              {t('save')}
            </button>
            <button className="c-button" type="button" onClick={() => setDraft(null)}>
              {t('cancel')}
            </button>
          </p>
        </form>
      ) : null}
    </Page>
  );
}
