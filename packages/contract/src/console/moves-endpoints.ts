import { defineEndpoint } from '../endpoint.ts';
import {
  createMoveBodySchema,
  createMoveResponseSchema,
  moveParamsSchema,
  moveResponseSchema,
  movesResponseSchema,
  movesSiteParamsSchema,
} from './moves-schemas.ts';

/** The console's moves (issue 29: moving every visitor of a closed slot or day) endpoints by route name (`defineEndpoint`), merged into `ENDPOINTS` (ADR 079). */
export const movesEndpoints = {
  consoleMoves: defineEndpoint('consoleMoves', {
    params: movesSiteParamsSchema,
    responses: { 200: movesResponseSchema },
  }),
  consoleCreateMove: defineEndpoint('consoleCreateMove', {
    params: movesSiteParamsSchema,
    body: createMoveBodySchema,
    responses: { 200: createMoveResponseSchema },
  }),
  consoleMove: defineEndpoint('consoleMove', {
    params: moveParamsSchema,
    responses: { 200: moveResponseSchema },
  }),
} as const;
