/**
 * The console's word for a code the API sends (a status, a channel, a payment method): the text
 * `<prefix><code>` (the code lower-cased, anything but letters and digits as `_`) when there is one, else the
 * code itself, so a code added on the server later still shows rather than a blank.
 */
export function codeWord(t: (key: string) => string, prefix: string, code: string): string {
  const key = `${prefix}${code.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  const text = t(key);
  return text === key ? code : text;
}
