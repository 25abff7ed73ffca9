import { useState, type FormEvent } from 'react';
import {
  API_TOKEN_MAX_DAYS,
  createApiTokenBodySchema,
  type CreateApiTokenBody,
} from '@kippu/contract/console/api-tokens-schemas';
import {
  PERMISSION_AREAS,
  PERMISSION_LEVELS,
  permits,
  type PermissionLevel,
  type Permissions,
} from '@kippu/contract/console/permissions';
import { useFormat } from '../../shared/format/use-format.ts';
import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';
import type { ConsoleSession } from '../../shared/session/session-api.ts';
import { ErrorNotice, Field } from '../../shared/ui/ui.tsx';

type Problems = Partial<Record<'name' | 'permissions' | 'site_codes' | 'expires_in_days', string>>;

/** The days a new token lives unless changed: long enough for an integration, short enough to be renewed. */
const DEFAULT_DAYS = 90;

const NO_PERMISSIONS = Object.fromEntries(PERMISSION_AREAS.map((area) => [area, 'none'])) as Permissions;

/**
 * A new token's name, scope (areas × levels, like a role's grid) and sites, and its life in days. A level
 * above the creator's own is not offered, nor "every site" to a member who does not cover every site: the
 * server refuses both (a token never reaches further than the member who made it).
 */
export function TokenForm({
  session,
  partnerId,
  initialPermissions,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  session: ConsoleSession;
  partnerId: number | null;
  initialPermissions?: Permissions;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CreateApiTokenBody) => void;
  onCancel: () => void;
}) {
  const { t } = useConsoleI18n();
  const f = useFormat();
  const sites = session.sites ?? [];
  const mayAllSites = Boolean(session.allSites);
  const own = session.permissions ?? NO_PERMISSIONS;
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<Permissions>(initialPermissions ?? NO_PERMISSIONS);
  const [allSites, setAllSites] = useState(mayAllSites);
  const [siteCodes, setSiteCodes] = useState<string[]>(sites.length === 1 ? [sites[0]!.code] : []);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [problems, setProblems] = useState<Problems>({});
  const until = Number.isInteger(Number(days)) && Number(days) >= 1 && Number(days) <= API_TOKEN_MAX_DAYS;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createApiTokenBodySchema.safeParse({
      name,
      ...(partnerId === null ? {} : { partner_id: partnerId }),
      permissions,
      site_codes: allSites ? null : siteCodes,
      expires_in_days: days.trim() === '' ? Number.NaN : Number(days),
    });
    const found: Problems = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name') found.name ??= t('api_tokens_name_required');
        if (field === 'site_codes') found.site_codes ??= t('api_tokens_sites_required');
        if (field === 'expires_in_days')
          found.expires_in_days ??= t('api_tokens_days_invalid', { max: API_TOKEN_MAX_DAYS });
      }
    }
    // A token that may do nothing is a mistake, not a safe default.
    if (PERMISSION_AREAS.every((area) => permissions[area] === 'none'))
      found.permissions = t('api_tokens_scope_required');
    setProblems(found);
    if (parsed.success && Object.keys(found).length === 0) onSubmit(parsed.data);
  };
  return (
    <form className="c-panel" noValidate onSubmit={submit}>
      <h2>{t('api_tokens_new')}</h2>
      <Field
        label={t('api_tokens_name')}
        hint={t('api_tokens_name_hint')}
        maxLength={100}
        autoComplete="off"
        value={name}
        error={problems.name}
        onChange={(event) => setName(event.target.value)}
      />
      <fieldset
        className="c-field"
        aria-describedby={problems.permissions ? 'c-token-scope-error' : undefined}
      >
        <legend className="c-label">{t('api_tokens_scope')}</legend>
        <p className="c-field__hint">{t('api_tokens_scope_hint')}</p>
        <table className="c-table c-token-grid">
          <tbody>
            {PERMISSION_AREAS.map((area) => (
              <tr key={area}>
                <th scope="row">
                  <label htmlFor={`c-token-area-${area}`}>{t(`area_${area}`)}</label>
                </th>
                <td>
                  <select
                    id={`c-token-area-${area}`}
                    className="c-grid-select"
                    value={permissions[area]}
                    onChange={(event) =>
                      setPermissions({ ...permissions, [area]: event.target.value as PermissionLevel })
                    }
                  >
                    {PERMISSION_LEVELS.map((level) => (
                      <option key={level} value={level} disabled={!permits(own[area], level)}>
                        {t(`level_${level}`)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {problems.permissions ? (
          <p id="c-token-scope-error" className="c-field__error">
            {problems.permissions}
          </p>
        ) : null}
      </fieldset>
      <fieldset
        className="c-field c-checks"
        aria-describedby={problems.site_codes ? 'c-token-sites-error' : undefined}
      >
        <legend className="c-label">{t('api_tokens_sites')}</legend>
        {mayAllSites ? (
          <>
            <label>
              <input
                type="radio"
                name="c-token-scope"
                checked={allSites}
                onChange={() => setAllSites(true)}
              />{' '}
              {t('api_tokens_all_sites')}
            </label>
            <label>
              <input
                type="radio"
                name="c-token-scope"
                checked={!allSites}
                onChange={() => setAllSites(false)}
              />{' '}
              {t('api_tokens_some_sites')}
            </label>
          </>
        ) : null}
        {allSites
          ? null
          : sites.map((site) => (
              <label key={site.code}>
                <input
                  type="checkbox"
                  checked={siteCodes.includes(site.code)}
                  onChange={(event) =>
                    setSiteCodes(
                      event.target.checked
                        ? [...siteCodes, site.code]
                        : siteCodes.filter((code) => code !== site.code),
                    )
                  }
                />{' '}
                {site.name}
              </label>
            ))}
        {problems.site_codes ? (
          <p id="c-token-sites-error" className="c-field__error">
            {problems.site_codes}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={t('api_tokens_days')}
        hint={
          until
            ? t('api_tokens_days_until', {
                time: f.dateTime(new Date(Date.now() + Number(days) * 86_400_000).toISOString()),
              })
            : t('api_tokens_days_hint', { max: API_TOKEN_MAX_DAYS })
        }
        type="number"
        inputMode="numeric"
        min={1}
        max={API_TOKEN_MAX_DAYS}
        value={days}
        error={problems.expires_in_days}
        onChange={(event) => setDays(event.target.value)}
      />
      <ErrorNotice error={error} />
      <p className="c-actions">
        <button className="c-button c-button--primary" type="submit" disabled={pending}>
          {t('api_tokens_create')}
        </button>
        <button className="c-button" type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </p>
    </form>
  );
}
