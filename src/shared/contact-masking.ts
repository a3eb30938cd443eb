/**
 * Before payment, phone numbers, e-mail addresses and links in messages are masked so deals stay on
 * the platform, where the customer is protected (PRODUCT.md, point 11).
 */
export const MASK = '[hidden until payment]';

const EMAIL =
  /[\w.+-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[\w-]+(?:\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*[\w-]+)+/gi;
const URL_LIKE =
  /\b(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|ca|net|org|io|co|shop|store|biz|info|me|app)\b(?:\/\S*)?/gi;
// Seven or more digits, allowing the separators people type between groups: +1 (604) 555-0142.
const PHONE = /\+?\d[\d\s().-]{5,}\d/g;
const HANDLE = /(?:^|\s)@[a-z0-9_.]{3,}/gi;

export function maskContactDetails(text: string): string {
  return text
    .replace(EMAIL, MASK)
    .replace(URL_LIKE, MASK)
    .replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 7 ? MASK : m))
    .replace(HANDLE, (m) => `${m.startsWith('@') ? '' : m[0]}${MASK}`);
}
