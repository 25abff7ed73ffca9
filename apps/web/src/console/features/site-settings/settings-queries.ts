import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateSiteSettingsBody } from '@kippu/contract/console/settings-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';
import { SESSION_QUERY_KEY } from '../../shared/session/session-api.ts';

/** The query keys of the site-settings screens, owned here. */
export const settingsKeys = {
  settings: (site: string) => ['console', 'site-settings', site] as const,
  texts: (site: string) => ['console', 'site-texts', site] as const,
  secrets: (site: string) => ['console', 'site-secrets', site] as const,
};

/** Everything editable of the site, with its version (GET /sites/:site/settings). */
export function useSiteSettings(site: string) {
  return useQuery({
    queryKey: settingsKeys.settings(site),
    queryFn: () => consoleCall(R.consoleSiteSettings, { params: { site } }),
  });
}

/**
 * A section's write: the parts it changes with the version it was read at. The answer is the whole new
 * document, put in the cache at once so the next section saves with the new version. The session carries
 * the site's name and whether it has membership login (the menu's Members, ADR 128): a save of either
 * reads it again.
 */
export function useSaveSettings(site: string) {
  const client = useQueryClient();
  return async (body: UpdateSiteSettingsBody) => {
    const answer = await consoleCall(R.consoleUpdateSiteSettings, { params: { site }, body });
    client.setQueryData(settingsKeys.settings(site), answer);
    if (body.settings && ('name' in body.settings || 'isUseMembershipLogin' in body.settings)) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
    return answer;
  };
}

export function useReloadSettings(site: string) {
  const client = useQueryClient();
  return () => client.refetchQueries({ queryKey: settingsKeys.settings(site) });
}
