import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, & first', () => {
    expect(escapeHtml(`Tom & "Jerry's" <b>`)).toBe('Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;');
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves any other text, CJK and Thai included, as it is', () => {
    expect(escapeHtml('チケット 票 티켓 ตั๋ว /?#=%')).toBe('チケット 票 티켓 ตั๋ว /?#=%');
  });
});
