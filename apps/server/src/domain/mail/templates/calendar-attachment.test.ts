import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { purchaseCalendar, type CalendarVisit } from './calendar-attachment.ts';

const visit: CalendarVisit = {
  siteName: 'Garden; North, East',
  reservationNumber: 'K7MQ2XH9PA',
  productName: 'Tea; ceremony, with \\ a backslash\nand a second line\r\nand a third\rand a bell\u0007',
  productType: 'time',
  startsAt: '2026-12-05T01:00:00.500Z',
  endsAt: '2026-12-05T01:30:00.000Z',
  ticketUrl: 'https://tickets.example/garden/?lang=en#/id/abc',
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { event: new ICAL.Event(calendar.getFirstSubcomponent('vevent')!) };
}

describe('purchaseCalendar', () => {
  it('escapes what RFC 5545 reserves in text, so a reader gets the names back as they were', () => {
    const text = purchaseCalendar(visit, 'en', 'tickets.example');
    const { event } = parse(text);
    expect(event.summary).toBe(
      'Tea; ceremony, with \\ a backslash\nand a second line\nand a third\nand a bell',
    );
    // An X- property is TEXT by default (RFC 5545 §3.8.8.2); ical.js leaves unknown ones as written.
    expect(text).toContain('X-WR-CALNAME:Garden\\; North\\, East\r\n');
    expect(event.uid).toBe('K7MQ2XH9PA@tickets.example');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T01:00:00.000Z');
    // Unfolded (the line is longer than 75 octets), the escapes as written.
    expect(text.replace(/\r\n /g, '')).toContain(
      'SUMMARY:Tea\\; ceremony\\, with \\\\ a backslash\\nand a second line\\nand a third\\nand a bell\r\n',
    );
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
  });
});
