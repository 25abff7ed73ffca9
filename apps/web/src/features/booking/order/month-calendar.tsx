import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarColor } from '@kippu/contract/endpoints/catalogue-calendar-colors';
import type { DateStockStatus } from '@kippu/contract/endpoints/catalogue-stock-statuses';
import type { StockStatus } from '@kippu/contract/enums';
import { addDays, monthGrid, monthOf, shiftMonth, type YearMonth } from '@kippu/contract/format/calendar';
import {
  CROWDING_COLOURS,
  CROWDING_LEVELS,
  crowdingOf,
  type CrowdingLevel,
} from '@kippu/contract/format/crowding';
import { formatDate, formatYearMonth, WEEKDAY_LONG_NAMES, WEEKDAY_NAMES } from '@kippu/contract/format/date';
import { useActiveLang } from '../../../shared/hooks/use-active-lang.ts';
import { isOpen, stockStatusText } from './stock-status.ts';

/** The marks Japanese ticket calendars use: open, few left, sold out (closed days stay blank and faded). */
const MARKS: Partial<Record<StockStatus, string>> = { available: '○', few: '△', sold_out: '×' };

/** Crowding shown by pips as well as colour (one for quiet, three for busy): not colour alone (WCAG 1.4.1). */
const PIPS: Record<CrowdingLevel, number> = { quiet: 1, fair: 2, busy: 3 };
const crowdingText = (level: CrowdingLevel) => `order_crowding_${level}` as const;
const crowdingId = (level: CrowdingLevel) => `order-calendar-crowding-${level}`;

function CrowdPips({ level }: { level: CrowdingLevel }) {
  return (
    <span className={`month-calendar__crowd month-calendar__crowd--${level}`} aria-hidden="true">
      {Array.from({ length: PIPS[level] }, (_, index) => (
        <span key={index} className="month-calendar__pip" />
      ))}
    </span>
  );
}

const monthIndex = ({ year, month }: YearMonth) => year * 12 + month;

/** Where a key press moves the focused day; null for keys the grid does not handle. */
function movedDate(date: string, key: string): string | null {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
    case 'PageDown': {
      const target = shiftMonth(monthOf(date), key === 'PageUp' ? -1 : 1);
      const lastDay = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
      const day = Math.min(Number(date.slice(8, 10)), lastDay);
      return `${target.year}-${String(target.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
    default:
      return null;
  }
}

export type MonthCalendarProps = {
  month: YearMonth;
  onMonthChange: (month: YearMonth) => void;
  /** The earliest and latest month the visitor may page to. */
  minMonth: YearMonth;
  maxMonth: YearMonth;
  /** Stock status of every date of the month; undefined while loading. */
  statuses: DateStockStatus[] | undefined;
  colors: CalendarColor[] | undefined;
  today: string;
  selected: string | null;
  onSelect: (date: string) => void;
};

/**
 * A month of days as a grid (week starts Sunday, Tokyo dates). Every day is a button named by its
 * full date and stock status; one day at a time is in the tab order and the arrow keys, Home/End and
 * PageUp/PageDown move between days and months, as in the WAI-ARIA date picker grid.
 */
export function MonthCalendar(props: MonthCalendarProps) {
  const { month, onMonthChange, minMonth, maxMonth, statuses, colors, today, selected, onSelect } = props;
  const { t } = useTranslation();
  const lang = useActiveLang();
  const weeks = useMemo(() => monthGrid(month), [month]);
  const statusByDate = useMemo(() => new Map(statuses?.map((entry) => [entry.date, entry])), [statuses]);
  const colorByDate = useMemo(
    () => new Map(colors?.map((entry) => [entry.date, entry.color_code])),
    [colors],
  );
  const longNames = WEEKDAY_LONG_NAMES[lang];
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);
  const [focused, setFocused] = useState<string | null>(null);

  const inMonth = (date: string | null | undefined): date is string =>
    !!date && monthIndex(monthOf(date)) === monthIndex(month);
  const firstOpen = statuses?.find((entry) => isOpen(entry.status))?.date;
  const tabStop = [focused, selected, firstOpen].find(inMonth) ?? weeks.flat().find(Boolean)!;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${tabStop}"]`)?.focus();
  }, [tabStop]);

  // The crowding key, where this month shows crowding colours (colorized sites; open days only).
  const crowdingShown = weeks
    .flat()
    .some((date) => date && isOpen(statusByDate.get(date)?.status ?? 'not_on_sale') && colorByDate.has(date));

  const canGoBack = monthIndex(month) > monthIndex(minMonth);
  const canGoForward = monthIndex(month) < monthIndex(maxMonth);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const target = movedDate(tabStop, event.key);
    if (!target) return;
    event.preventDefault();
    const targetMonth = monthOf(target);
    if (monthIndex(targetMonth) < monthIndex(minMonth) || monthIndex(targetMonth) > monthIndex(maxMonth))
      return;
    if (monthIndex(targetMonth) !== monthIndex(month)) onMonthChange(targetMonth);
    moveFocus.current = true;
    setFocused(target);
  };

  const titleId = 'order-calendar-title';
  return (
    <div className="month-calendar">
      <div className="month-calendar__head">
        <button
          type="button"
          className="month-calendar__nav"
          aria-label={t('order_calendar_previous_month')}
          disabled={!canGoBack}
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <span className="order-icon-chevron order-icon-chevron--left" aria-hidden="true" />
        </button>
        <h3 id={titleId} className="month-calendar__title" aria-live="polite">
          {formatYearMonth(month.year, month.month, lang)}
        </h3>
        <button
          type="button"
          className="month-calendar__nav"
          aria-label={t('order_calendar_next_month')}
          disabled={!canGoForward}
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <span className="order-icon-chevron order-icon-chevron--right" aria-hidden="true" />
        </button>
      </div>

      <table
        ref={gridRef}
        role="grid"
        className="month-calendar__grid"
        aria-labelledby={titleId}
        aria-busy={!statuses}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAY_NAMES[lang].map((name, index) => (
              <th
                key={name}
                scope="col"
                abbr={longNames[index]}
                className={`month-calendar__weekday month-calendar__weekday--${index}`}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, index) => {
                if (!date) return <td key={`blank-${index}`} className="month-calendar__blank" />;
                const entry = statusByDate.get(date);
                const status = entry?.status;
                const open = status ? isOpen(status) : false;
                const color = open ? colorByDate.get(date) : undefined;
                const crowding = color ? crowdingOf(color) : null;
                const isSelected = date === selected;
                const name = status
                  ? `${formatDate(date, lang)}, ${stockStatusText(t, status, entry.count)}`
                  : formatDate(date, lang);
                return (
                  <td key={date} aria-selected={isSelected}>
                    <button
                      type="button"
                      data-date={date}
                      className={[
                        'month-calendar__day',
                        status ? `month-calendar__day--${status}` : 'month-calendar__day--loading',
                        isSelected ? 'month-calendar__day--selected' : '',
                        color ? 'month-calendar__day--colored' : '',
                      ].join(' ')}
                      style={color ? { ['--day-color' as string]: color } : undefined}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-label={name}
                      // The crowding level in words: the legend's entry describes the day.
                      aria-describedby={crowding ? crowdingId(crowding) : undefined}
                      aria-disabled={!open}
                      aria-current={date === today ? 'date' : undefined}
                      onFocus={() => setFocused(date)}
                      onClick={() => open && onSelect(date)}
                    >
                      <span className="month-calendar__number">{Number(date.slice(8))}</span>
                      <span className="month-calendar__mark" aria-hidden="true">
                        {status ? (MARKS[status] ?? '') : ''}
                      </span>
                      {crowding ? <CrowdPips level={crowding} /> : null}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      {statuses && !firstOpen ? (
        <p className="order-note order-note--small">{t('order_calendar_none_open')}</p>
      ) : null}

      <ul className="month-calendar__legend" aria-label={t('order_calendar_legend')}>
        {(['available', 'few', 'sold_out'] as const).map((status) => (
          <li key={status}>
            <span
              className={`month-calendar__legend-mark month-calendar__legend-mark--${status}`}
              aria-hidden="true"
            >
              {MARKS[status]}
            </span>
            {stockStatusText(t, status, null)}
          </li>
        ))}
      </ul>

      {crowdingShown ? (
        <ul
          className="month-calendar__legend month-calendar__legend--crowding"
          aria-label={t('order_calendar_crowding')}
        >
          {CROWDING_LEVELS.map((level) => (
            <li key={level}>
              <span
                className={`month-calendar__swatch month-calendar__swatch--${level}`}
                style={{ background: CROWDING_COLOURS[level] }}
                aria-hidden="true"
              >
                <CrowdPips level={level} />
              </span>
              <span id={crowdingId(level)}>{t(crowdingText(level))}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
