import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { purchaseCalendar, type CalendarVisit } from './calendar-attachment.ts';
import { foldIcs } from './fold-ics.ts';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function visit(productName: string): CalendarVisit {
  return {
    siteName: 'ボーダレス　チームラボ美術館 — 東京・麻布台ヒルズ',
    reservationNumber: 'K7MQ2XH9PA',
    productName,
    productType: 'time',
    startsAt: '2026-12-05T01:00:00.000Z',
    endsAt: '2026-12-05T01:30:00.000Z',
    ticketUrl: 'https://tickets.example/borderless/ja/tickets/abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnop',
  };
}

/** Every physical line of the file as its UTF-8 octets (the file is CRLF-separated). */
function octetLines(ics: string): Uint8Array[] {
  const bytes = Buffer.from(ics, 'utf8');
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i++) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 2;
    }
  }
  lines.push(bytes.subarray(start));
  return lines;
}

describe('the .ics file folds its lines by octets (RFC 5545 §3.1)', () => {
  const japanese = '夜の庭園　光の森と水の花 — 特別夜間入場チケット（大人・子ども共通、再入場不可）';
  const thai = 'บัตรเข้าชมพิเศษยามค่ำคืน สวนแห่งแสงและดอกไม้น้ำ สำหรับผู้ใหญ่และเด็ก ห้ามกลับเข้าใหม่';

  it.each([
    ['ja', japanese],
    ['th', thai],
  ] as const)('keeps every line within 75 octets, never splitting a character (%s)', (lang, title) => {
    const ics = purchaseCalendar(visit(title), lang, 'tickets.example');
    const lines = octetLines(ics);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      // A cut inside a multi-octet sequence leaves a line that is not valid UTF-8 on its own.
      expect(() => strictUtf8.decode(line)).not.toThrow();
    }
    // Unfolded by a reader, the title comes back whole.
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe(title);
  });

  it('leaves short lines alone and continues a long one with CRLF and one space', () => {
    expect(foldIcs('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n')).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    const folded = foldIcs(`SUMMARY:${'あ'.repeat(30)}`);
    // 8 octets of "SUMMARY:" + 22 × 3 = 74 (a 23rd would make 77), then 8 more after the space.
    expect(folded).toBe(`SUMMARY:${'あ'.repeat(22)}\r\n ${'あ'.repeat(8)}`);
  });
});
