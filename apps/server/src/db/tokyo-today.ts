import type { Db } from './client.ts';

/** SQL: today's date in Tokyo by the database's clock, for a query's conditions. */
export const TOKYO_TODAY = `(now() AT TIME ZONE 'Asia/Tokyo')::date`;

/**
 * Today's date in Tokyo (YYYY-MM-DD) by the database's clock: the clock every hold and cut-off is checked
 * against, so a day a read shows is the day the write that follows will be judged by.
 */
export async function tokyoToday(db: Db): Promise<string> {
  const { rows } = await db.$client.query<{ d: string }>(`SELECT to_char(${TOKYO_TODAY}, 'YYYY-MM-DD') AS d`);
  return rows[0]!.d;
}
