import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/routing/paths.ts';
import { useFormatters } from '../../shared/format/use-formatters.ts';
import { useSpotStore, useSpotTokensStore } from '../../shared/stores/spot-store.ts';
import { SpotPanel } from './spot-frame.tsx';

/**
 * This phone's spot holds not yet paid (spec §3 "spot order token(s)", local storage): lapsed ones are pruned
 * as the list is shown; the one in progress in this tab can be paid from here. Nothing when there are none.
 */
const systemNow = () => new Date();

export function SpotHolds({ now = systemNow }: { now?: () => Date }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const current = useSpotStore((state) => state.orderToken);
  const holds = useSpotTokensStore((state) => state.orderTokens);
  // Once per visit of the screen: pruning writes the list, which this component reads.
  useEffect(() => {
    useSpotTokensStore.getState().prune(now());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const live = holds.filter((entry) => Date.parse(entry.expiresAt) > now().getTime());
  if (live.length === 0) return null;
  return (
    <SpotPanel title={t('spot_holds_title')} id="spot-holds">
      <ul className="spot-ticket-list" aria-label={t('spot_holds_title')}>
        {live.map((entry) => (
          <li key={entry.token} className="spot-ticket-row spot-hold-row">
            <span className="spot-ticket-row__meta">
              {t('spot_hold_until', { time: format.time(entry.expiresAt) })}
            </span>
            {entry.token === current ? (
              <Link
                className="button button--primary"
                to={paths.spotOrderFields.getHref({ reservationToken: entry.token })}
              >
                {t('spot_hold_continue')}
              </Link>
            ) : (
              <span className="spot-ticket-row__meta">{t('spot_hold_other_tab')}</span>
            )}
          </li>
        ))}
      </ul>
    </SpotPanel>
  );
}
