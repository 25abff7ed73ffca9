import { sql } from 'drizzle-orm';
import { formatPrice, type LangCode } from '@kippu/contract';
import type { Db, Tx } from '../../db/client.ts';
import { enqueueMail } from '../mail/enqueue-mail.ts';
import { consoleUrl, type ConsoleLinkEnv } from '../staff/console-links.ts';
import { reportQuery, cellsOf } from './report-answer.ts';
import { CSV_BOM, csvHeader, csvRow } from './report-csv.ts';
import { DAILY_SETTLEMENT } from './report-schedules.ts';
import type { ReportScope } from './report-scope.ts';
import { reportText } from './report-texts.ts';

/** The job that mails the daily settlement (ADR 057): a recurring job, one run at a time across processes. */
export const DAILY_SETTLEMENT_QUEUE = 'reports.daily-settlement';
/** How often the job looks: a mail is due from 07:00 Tokyo, so it goes out within this of the hour. */
export const DAILY_SETTLEMENT_EVERY_MS = 5 * 60_000;
/** The hour (Tokyo) from which yesterday's settlement is mailed. */
const SEND_FROM = '07:00';

type Recipient = {
  organisation_id: number;
  organisation_name: string;
  staff_id: number;
  email: string;
  lang: LangCode;
  site_codes: string[];
};

/**
 * Queues the daily settlement for every enabled schedule's recipients (ADR 084): the Tokyo day before today,
 * once it is past 07:00 in Tokyo (`day` given: that day, at once; tests and a manual catch-up). A recipient
 * gets the sites their membership covers among the schedule's (all when it names none), and only while their
 * role reads reports. Each recipient's mail is queued in a transaction that first takes the (schedule, day,
 * recipient) row: a second runner, a retried run or a restart finds it taken and queues nothing. Answers how
 * many mails were queued.
 */
export async function queueDailySettlements(
  db: Db,
  env: ConsoleLinkEnv,
  options: { day?: string } = {},
): Promise<number> {
  const day = options.day ?? (await dueDay(db));
  if (day === null) return 0;
  const { rows: recipients } = await db.execute<Recipient>(sql`
    SELECT rs.organisation_id, o.name AS organisation_name, s.id AS staff_id, s.email, s.lang,
           ARRAY(SELECT si.code FROM sites si
                 WHERE si.organisation_id = rs.organisation_id
                   AND (m.all_sites OR si.code = ANY(m.site_codes))
                   AND (cardinality(rs.site_codes) = 0 OR si.code = ANY(rs.site_codes))
                 ORDER BY si.position, si.code) AS site_codes
    FROM report_schedules rs
    JOIN organisations o ON o.id = rs.organisation_id
    JOIN report_schedule_recipients rr ON rr.organisation_id = rs.organisation_id AND rr.kind = rs.kind
    JOIN staff s ON s.id = rr.staff_id AND s.deleted_at IS NULL
    JOIN staff_memberships m ON m.staff_id = s.id AND m.organisation_id = rs.organisation_id
    JOIN staff_roles r ON r.id = m.role_id AND r.permissions ->> 'reports' IN ('read', 'write')
    WHERE rs.kind = ${DAILY_SETTLEMENT} AND rs.enabled
      AND NOT EXISTS (SELECT 1 FROM report_schedule_sends x
                      WHERE x.organisation_id = rs.organisation_id AND x.kind = rs.kind
                        AND x.day = ${day}::date AND x.staff_id = s.id)
    ORDER BY rs.organisation_id, s.id`);
  let queued = 0;
  for (const recipient of recipients) {
    if (recipient.site_codes.length === 0) continue;
    if (await queueOne(db, env, day, recipient)) queued += 1;
  }
  return queued;
}

/** Yesterday in Tokyo once it is 07:00 there, by the database's clock; null before. */
async function dueDay(db: Db): Promise<string | null> {
  const { rows } = await db.execute<{ due: boolean; day: string }>(sql`
    SELECT (now() AT TIME ZONE 'Asia/Tokyo')::time >= ${SEND_FROM}::time AS due,
           to_char((now() AT TIME ZONE 'Asia/Tokyo')::date - 1, 'YYYY-MM-DD') AS day`);
  return rows[0]?.due ? rows[0].day : null;
}

async function queueOne(db: Db, env: ConsoleLinkEnv, day: string, recipient: Recipient): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Taken first: a second runner's INSERT waits on this row until we commit, then does nothing.
    const { rows: taken } = await tx.execute(sql`
      INSERT INTO report_schedule_sends (organisation_id, kind, day, staff_id)
      VALUES (${recipient.organisation_id}, ${DAILY_SETTLEMENT}, ${day}::date, ${recipient.staff_id})
      ON CONFLICT DO NOTHING RETURNING staff_id`);
    if (taken.length === 0) return false;
    const mail = await settlementMail(tx, env, day, recipient);
    const mailId = await enqueueMail(tx, mail);
    await tx.execute(sql`
      UPDATE report_schedule_sends SET mail_id = ${mailId}
      WHERE organisation_id = ${recipient.organisation_id} AND kind = ${DAILY_SETTLEMENT}
        AND day = ${day}::date AND staff_id = ${recipient.staff_id}`);
    return true;
  });
}

/** The mail: the settlement summary of the recipient's sites for the day, in their language, the CSV attached. */
async function settlementMail(tx: Tx, env: ConsoleLinkEnv, day: string, recipient: Recipient) {
  const lang = recipient.lang;
  const sites = recipient.site_codes;
  const scope: ReportScope = {
    report: 'settlement',
    siteCodes: sites,
    organisationWide: true,
    site: null,
    from: day,
    to: day,
    lang,
    view: 'summary',
    group: 'day',
    method: null,
    channel: null,
    productId: null,
  };
  const query = await reportQuery(tx, scope);
  const { rows: raw } = await tx.execute<Record<string, unknown>>(query.statement);
  const rows = raw.map((row) => cellsOf(query, row));
  const yen = (value: unknown) => formatPrice(Number(value ?? 0), lang);
  const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const line = (sales: unknown, refunds: unknown, net: unknown) =>
    reportText(lang, 'report_mail_net_line', { sales: yen(sales), refunds: yen(refunds), net: yen(net) });
  const bodyRows = rows.map((row) => ({
    label: sites.length > 1 ? `${String(row.method)} · ${String(row.site)}` : String(row.method),
    value: line(row.sales, row.refunds, row.net),
  }));
  const total = {
    label: reportText(lang, 'report_total'),
    value: line(sum('sales'), sum('refunds'), sum('net')),
    strong: true,
  };
  const csv =
    CSV_BOM + csvHeader(query.columns, lang) + rows.map((row) => csvRow(query.columns, row, lang)).join('');
  return {
    kind: 'daily_settlement' as const,
    siteCode: sites[0]!,
    to: recipient.email,
    lang,
    payload: {
      organisationName: recipient.organisation_name,
      day,
      subject: reportText(lang, 'report_mail_subject', { day }),
      intro: reportText(lang, rows.length === 0 ? 'report_mail_empty' : 'report_mail_intro', { day }),
      rows: [...bodyRows, total],
      openLabel: reportText(lang, 'report_mail_open'),
      reportUrl: consoleUrl(env, `/sites/${sites[0]!}/reports/settlement?from=${day}&to=${day}`),
      note: reportText(lang, 'report_mail_note'),
      csv: { filename: `settlement-${day}.csv`, content: csv },
    },
  };
}
