import type { LangCode } from '../enums.ts';
import { pad2, tokyoDateParts, type DateInput } from './tokyo-date.ts';

/** Short weekday names, Sunday first. */
export const WEEKDAY_NAMES: Record<LangCode, readonly string[]> = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  'zh-hans': ['日', '一', '二', '三', '四', '五', '六'],
  'zh-hant': ['日', '一', '二', '三', '四', '五', '六'],
  kr: ['일', '월', '화', '수', '목', '금', '토'],
  th: ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.'],
};

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const TH_MONTHS = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];
/** Thai dates are read in the Buddhist era: 2022 CE is 2565 BE. */
const BUDDHIST_ERA_OFFSET = 543;

/** Full weekday names, Sunday first, as Intl writes them (the calendar's column headers, read aloud). */
export const WEEKDAY_LONG_NAMES: Record<LangCode, readonly string[]> = {
  ja: ['日曜日', '月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  'zh-hans': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  'zh-hant': ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'],
  kr: ['일요일', '월요일', '화요일', '수요일', '목요일', '금요일', '토요일'],
  th: ['วันอาทิตย์', 'วันจันทร์', 'วันอังคาร', 'วันพุธ', 'วันพฤหัสบดี', 'วันศุกร์', 'วันเสาร์'],
};

const EN_MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const TH_MONTHS_LONG = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
];

/**
 * A calendar month's title as Intl writes it ({ year: 'numeric', month: 'long' }): ja '2026年11月',
 * en 'November 2026', kr '2026년 11월', th 'พฤศจิกายน 2569'. Fixed tables, no Intl formatter: the
 * first Intl object of a page loads the browser's ICU data (see tokyo-date.ts).
 */
export function formatYearMonth(year: number, month: number, lang: LangCode): string {
  switch (lang) {
    case 'ja':
    case 'zh-hans':
    case 'zh-hant':
      return `${year}年${month}月`;
    case 'en':
      return `${EN_MONTHS_LONG[month - 1]} ${year}`;
    case 'kr':
      return `${year}년 ${month}월`;
    case 'th':
      return `${TH_MONTHS_LONG[month - 1]} ${year + BUDDHIST_ERA_OFFSET}`;
  }
}

/**
 * A visit date in Tokyo (spec §9):
 * ja '2022年01月05日(水)', zh-hans/zh-hant '2022年01月05日(三)', en 'Wed, Jan 05, 2022',
 * kr '2022년 01월 05일 (수)', th 'พ. 5 ม.ค. 2565'.
 * Thai follows the Thai convention (abbreviated names, unpadded day, Buddhist-era year), as Thai
 * readers see dates in every other Thai-language service; the names are fixed tables rather than
 * the ICU output so the text is the same in every browser.
 */
export function formatDate(input: DateInput, lang: LangCode): string {
  const { year, month, day, weekday } = tokyoDateParts(input);
  const weekdayName = WEEKDAY_NAMES[lang][weekday];
  const mm = pad2(month);
  const dd = pad2(day);
  switch (lang) {
    case 'ja':
    case 'zh-hans':
    case 'zh-hant':
      return `${year}年${mm}月${dd}日(${weekdayName})`;
    case 'en':
      return `${weekdayName}, ${EN_MONTHS[month - 1]} ${dd}, ${year}`;
    case 'kr':
      return `${year}년 ${mm}월 ${dd}일 (${weekdayName})`;
    case 'th':
      return `${weekdayName} ${day} ${TH_MONTHS[month - 1]} ${year + BUDDHIST_ERA_OFFSET}`;
  }
}

const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(:\d{2}(\.\d+)?)?$/;

/** 'HH:MM' on a 24-hour clock in Tokyo. A time of day such as '09:30:00' is shown as it is. */
export function formatTime(input: DateInput): string {
  const timeOfDay = typeof input === 'string' ? TIME_OF_DAY.exec(input) : null;
  if (timeOfDay) return `${pad2(Number(timeOfDay[1]))}:${timeOfDay[2]}`;
  const { hour, minute } = tokyoDateParts(input);
  return `${pad2(hour)}:${pad2(minute)}`;
}

/** Ranges are written 'start ~ end'; English uses a hyphen, 'start - end' (spec §9). */
function rangeSeparator(lang: LangCode): string {
  return lang === 'en' ? ' - ' : ' ~ ';
}

/** 'start ~ end'; English uses a hyphen, 'start - end' (spec §9). */
export function formatTimeRange(start: DateInput, end: DateInput, lang: LangCode): string {
  return `${formatTime(start)}${rangeSeparator(lang)}${formatTime(end)}`;
}

/** Two visit dates as a range, for a ticket valid over a period: '2022年01月05日(水) ~ 2022年03月31日(木)'. */
export function formatDateRange(start: DateInput, end: DateInput, lang: LangCode): string {
  return `${formatDate(start, lang)}${rangeSeparator(lang)}${formatDate(end, lang)}`;
}
