const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * Folds an iCalendar text per RFC 5545 §3.1: no content line longer than 75 octets, a longer one split with
 * CRLF and one space. The `ics` package folds at 75 characters, so a Japanese or Thai title (three octets a
 * character in UTF-8) came out at up to 225 octets a line, which strict readers cut or refuse. Its folds are
 * undone first (CRLF + space or tab is only ever a fold: line breaks in values are escaped as `\n`), then each
 * line is cut between code points, so a UTF-8 sequence is never split.
 */
export function foldIcs(text: string): string {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines.map(foldLine).join('\r\n');
}

function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; each continuation 74 after its leading space.
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
