import { z } from 'zod';
import { dateRangeQuerySchema, visitDateSchema } from './catalogue-common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** GET /api/v1/calendar/colors?from=&to= ; empty when the site's calendar is not colorized. */
export const calendarColorsQuerySchema = dateRangeQuerySchema({});
export type CalendarColorsQuery = z.input<typeof calendarColorsQuerySchema>;
export const calendarColorSchema = z.object({ date: visitDateSchema, color_code: z.string() });
export const calendarColorsResponseSchema = z.array(calendarColorSchema);
export type CalendarColor = z.infer<typeof calendarColorSchema>;

export const calendarColorsEndpoint = defineEndpoint('calendarColors', {
  query: calendarColorsQuerySchema,
  responses: { 200: calendarColorsResponseSchema },
});
