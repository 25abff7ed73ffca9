const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/**
 * Folds an iCalendar text per RFC 5545 §3.1: no content line longer than 75 octets, a longer one split with
 * CRLF and one space. Counted in octets, not characters: a Japanese or Thai title is three octets a character
 * in UTF-8, and strict readers cut or refuse a line of 225. Each line is cut between code points, so a UTF-8
 * sequence is never split. The text comes unfolded (line breaks in values are escaped as `\n`).
 */
export function foldIcs(text: string): string {
  return text.split('\r\n').map(foldLine).join('\r\n');
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
