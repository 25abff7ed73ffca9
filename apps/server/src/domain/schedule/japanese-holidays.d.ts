// japanese-holidays 1.0.10 ships no types; only what holidays.ts uses.
declare module 'japanese-holidays' {
  interface Holiday {
    month: number;
    date: number;
    name: string;
  }
  const JapaneseHolidays: { getHolidaysOf(year: number, furikae?: boolean): Holiday[] };
  export default JapaneseHolidays;
}
