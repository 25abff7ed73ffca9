import type { CreateMoveBody } from '@kippu/contract/console/moves-schemas';
import { consoleCall } from '../../shared/api/console-client.ts';
import { CONSOLE_ROUTES as R } from '../../shared/api/console-routes.ts';

/** Query keys of the move screens (one place, so a new run refreshes the list). */
export const moveKeys = {
  all: (site: string) => ['console', 'moves', site] as const,
  list: (site: string) => ['console', 'moves', site, 'list'] as const,
  one: (site: string, id: string) => ['console', 'moves', site, 'one', id] as const,
  slots: (site: string, from: string, to: string, product: string) =>
    ['console', 'move-slots', site, from, to, product] as const,
};

export const listMoves = (site: string) => consoleCall(R.consoleMoves, { params: { site } });

export const getMove = (site: string, moveId: string) =>
  consoleCall(R.consoleMove, { params: { site, moveId } });

export const createMove = (site: string, body: CreateMoveBody) =>
  consoleCall(R.consoleCreateMove, { params: { site }, body });

/**
 * The schedule's slots of a range (and of one product when named), with their capacity, sold and held: the
 * heatmap's read, which every role that may move visitors has (schedule write). The free places shown
 * before a preview are this answer's; the preview answers the server's own count.
 */
export const scheduleSlots = (site: string, from: string, to: string, product: string) =>
  consoleCall(R.consoleScheduleHeatmap, {
    params: { site },
    query: { from, to, ...(product ? { product } : {}) },
  });
