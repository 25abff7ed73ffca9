import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { LANG_CODES, formatDate, formatPrice, type LangCode } from '@kippu/contract';
import type { OutboxMail, OutboxMailOf } from '../mail-kinds.ts';
import { renderMail } from './render-mail.ts';

const CONFIRM_URL = 'http://localhost:3000/demo/#/mail-confirm?token=AbC123_-x';
const TICKET_URL = 'http://localhost:3000/demo/#/id/Rt0ken';
// An `&` so the test sees the address escaped inside the link.
const UNSUBSCRIBE_URL = 'http://localhost:3000/demo/?lang=en&ref=mail#/mail-release/Un5ubT0ken';

function purchase(lang: LangCode, patch: Partial<OutboxMailOf<'purchase_confirmation'>['payload']> = {}) {
  return {
    kind: 'purchase_confirmation',
    siteCode: 'DEMO',
    to: 'visitor@example.com',
    lang,
    payload: {
      siteName: 'Demo Museum',
      reservationNumber: 'K7MQ2XH9PA',
      productName: 'Night <Garden> & "Lights"',
      productType: 'time',
      // 10:00-10:30 in Tokyo
      startsAt: '2026-12-05T01:00:00.000Z',
      endsAt: '2026-12-05T01:30:00.000Z',
      ticketUrl: TICKET_URL,
      lines: [
        { name: 'Adult', quantity: 2, unitPrice: 3800 },
        { name: 'Child', quantity: 1, unitPrice: 1500 },
      ],
      discount: 500,
      total: 8600,
      ...patch,
    },
  } satisfies OutboxMail;
}

function everyKind(lang: LangCode): OutboxMail[] {
  return [
    {
      kind: 'mail_confirmation',
      siteCode: 'DEMO',
      to: 'visitor@example.com',
      lang,
      payload: { confirmUrl: CONFIRM_URL, siteName: 'Demo Museum', expiresAt: '2026-12-04T03:20:00.000Z' },
    },
    {
      kind: 'invitation',
      siteCode: 'MORI',
      to: 'guest@example.com',
      lang,
      payload: {
        confirmUrl: CONFIRM_URL,
        siteName: 'Mori',
        productName: 'Private viewing',
        productType: 'time',
        startsAt: '2026-12-05T01:00:00.000Z',
        endsAt: '2026-12-05T01:30:00.000Z',
      },
    },
    purchase(lang),
    purchase(lang, { unsubscribeUrl: UNSUBSCRIBE_URL }),
    {
      kind: 'ticket_link',
      siteCode: 'DEMO',
      to: 'friend@example.com',
      lang,
      payload: {
        siteName: 'Demo Museum',
        productName: 'Night Garden',
        productType: 'time',
        startsAt: '2026-12-05T01:00:00.000Z',
        endsAt: '2026-12-05T01:30:00.000Z',
        ticketUrl: TICKET_URL,
      },
    },
    {
      kind: 'date_changed',
      siteCode: 'DEMO',
      to: 'visitor@example.com',
      lang,
      payload: {
        siteName: 'Demo Museum',
        reservationNumber: 'K7MQ2XH9PA',
        productName: 'Night Garden',
        productType: 'time',
        startsAt: '2026-12-06T01:00:00.000Z',
        endsAt: '2026-12-06T01:30:00.000Z',
        previousStartsAt: '2026-12-05T01:00:00.000Z',
        previousEndsAt: '2026-12-05T01:30:00.000Z',
        ticketUrl: TICKET_URL,
        paid: 0,
      },
    },
  ];
}

const escaped = (url: string) => url.replaceAll('&', '&amp;');

const context = { uidHost: 'tickets.example' };

describe('mail templates', () => {
  it.each(LANG_CODES)(
    'renders every kind in %s: subject, HTML and text, every placeholder filled',
    (lang) => {
      for (const mail of everyKind(lang)) {
        const rendered = renderMail(mail, context);
        const link = 'ticketUrl' in mail.payload ? TICKET_URL : CONFIRM_URL;
        expect(rendered.subject.length, mail.kind).toBeGreaterThan(5);
        for (const part of [rendered.subject, rendered.html, rendered.text]) {
          expect(part, `${mail.kind} ${lang}`).not.toMatch(/\{\w+\}/);
        }
        expect(rendered.html).toContain(`href="${link}"`);
        expect(rendered.text).toContain(link);
        if ('siteName' in mail.payload) expect(rendered.html).toContain(mail.payload.siteName);
      }
    },
  );

  it.each(LANG_CODES)(
    'links every address of the HTML part, and keeps it plain in the text part (%s)',
    (lang) => {
      for (const mail of everyKind(lang)) {
        const { html, text } = renderMail(mail, context);
        const urls = text.match(/https?:\/\/\S+/g) ?? [];
        expect(urls.length, mail.kind).toBeGreaterThan(0);
        for (const url of urls) expect(html, `${mail.kind} ${lang}`).toContain(`href="${escaped(url)}"`);
        // With every link taken out, no address is left as bare text.
        const outsideLinks = html.replace(/<a\s[^>]*>[^<]*<\/a>/g, '');
        expect(outsideLinks, `${mail.kind} ${lang}`).not.toMatch(/https?:\/\//);
      }
    },
  );

  it('links the mail-magazine release address where the sentence names it', () => {
    const { html, text } = renderMail(purchase('en', { unsubscribeUrl: UNSUBSCRIBE_URL }), context);
    expect(text).toContain(`To stop receiving our newsletters, open: ${UNSUBSCRIBE_URL}`);
    expect(html).toContain(
      `To stop receiving our newsletters, open: <a href="${escaped(UNSUBSCRIBE_URL)}" style="color:#2563eb;word-break:break-all;">${escaped(UNSUBSCRIBE_URL)}</a>`,
    );
    expect(html).not.toContain(UNSUBSCRIBE_URL);
  });

  it('writes each language in its own words (no language copies another)', () => {
    const subjects = LANG_CODES.map((lang) => renderMail(purchase(lang), context).subject);
    expect(new Set(subjects).size).toBe(LANG_CODES.length);
  });

  it('marks the HTML with the reader language as a BCP 47 tag', () => {
    expect(renderMail(purchase('kr'), context).html).toContain('<html lang="ko">');
    expect(renderMail(purchase('zh-hant'), context).html).toContain('<html lang="zh-Hant">');
  });

  it('shows the visit in Tokyo time and the amounts in the reader language', () => {
    const ja = renderMail(purchase('ja'), context);
    expect(ja.text).toContain('2026年12月05日(土)');
    expect(ja.text).toContain('10:00 ~ 10:30');
    expect(ja.text).toContain('7,600円');
    expect(ja.text).toContain('-500円');
    expect(ja.text).toContain('8,600円');
    const en = renderMail(purchase('en'), context);
    expect(en.text).toContain('Sat, Dec 05, 2026');
    expect(en.text).toContain('10:00 - 10:30');
    expect(en.text).toContain(formatPrice(8600, 'en'));
    expect(en.text).toContain('K7MQ2XH9PA');
  });

  it('shows a pass as the dates it is valid between, and leaves out a zero discount', () => {
    const pass = renderMail(
      purchase('en', {
        productType: 'period',
        startsAt: '2026-11-30T15:00:00.000Z',
        endsAt: '2027-11-30T15:00:00.000Z',
        discount: 0,
      }),
      context,
    );
    // The span ends at midnight starting 1 December 2027: the pass's last day is 30 November (ADR 044).
    expect(pass.text).toContain(`${formatDate('2026-12-01', 'en')} - ${formatDate('2027-11-30', 'en')}`);
    expect(pass.text).not.toContain('Discount');
  });

  it('escapes what the payload says in the HTML', () => {
    const html = renderMail(purchase('en'), context).html;
    expect(html).toContain('Night &lt;Garden&gt; &amp; &quot;Lights&quot;');
    expect(html).not.toContain('<Garden>');
  });

  it('tells the mail-confirmation reader until when the hold lasts, in Tokyo time', () => {
    const [confirmation] = everyKind('en');
    const text = renderMail(confirmation!, context).text;
    // 03:20 UTC is 12:20 in Tokyo
    expect(text).toContain('Fri, Dec 04, 2026 12:20');
  });
});

describe('calendar attachment of the purchase confirmation', () => {
  function parsedEvent(mail: OutboxMail) {
    const [attachment] = renderMail(mail, context).attachments;
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    expect(attachment?.filename).toBe('K7MQ2XH9PA.ics');
    const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    return { raw: attachment!.content, event: new ICAL.Event(vevent) };
  }

  it('parses as iCalendar with a UTC slot and the reservation number as UID', () => {
    const { raw, event } = parsedEvent(purchase('en'));
    expect(event.uid).toBe('K7MQ2XH9PA@tickets.example');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-05T01:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-05T01:30:00.000Z');
    expect(raw).toContain('DTSTART:20261205T010000Z');
    expect(event.summary).toBe('Night <Garden> & "Lights"');
    expect(event.description).toContain(TICKET_URL);
  });

  it('writes a pass as all-day dates in Tokyo', () => {
    const { event } = parsedEvent(
      purchase('ja', {
        productType: 'period',
        startsAt: '2026-11-30T15:00:00.000Z',
        endsAt: '2027-11-30T15:00:00.000Z',
      }),
    );
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-01');
    expect(event.endDate.toString()).toBe('2027-12-01');
  });

  it('comes only with the purchase confirmation', () => {
    const [confirmation, invitation] = everyKind('en');
    expect(renderMail(confirmation!, context).attachments).toEqual([]);
    expect(renderMail(invitation!, context).attachments).toEqual([]);
  });
});
