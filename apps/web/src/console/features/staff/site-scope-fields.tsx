import { useConsoleI18n } from '../../shared/i18n/console-i18n.tsx';

export interface SiteScope {
  allSites: boolean;
  siteCodes: string[];
}

/** Every site of the organisation, or the ones ticked: a fieldset with its legend, keyboard-usable. */
export function SiteScopeFields({
  sites,
  value,
  onChange,
}: {
  sites: readonly { code: string; name: string }[];
  value: SiteScope;
  onChange: (next: SiteScope) => void;
}) {
  const { t } = useConsoleI18n();
  return (
    <fieldset className="c-field c-checks">
      <legend className="c-label">{t('staff_sites')}</legend>
      <label>
        <input
          type="checkbox"
          checked={value.allSites}
          onChange={(event) => onChange({ ...value, allSites: event.target.checked })}
        />{' '}
        {t('staff_all_sites')}
      </label>
      {value.allSites
        ? null
        : sites.map((site) => (
            <label key={site.code}>
              <input
                type="checkbox"
                checked={value.siteCodes.includes(site.code)}
                onChange={(event) =>
                  onChange({
                    ...value,
                    siteCodes: event.target.checked
                      ? [...value.siteCodes, site.code]
                      : value.siteCodes.filter((code) => code !== site.code),
                  })
                }
              />{' '}
              {site.name}
            </label>
          ))}
    </fieldset>
  );
}
