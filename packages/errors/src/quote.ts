/** Longest piece of input an error message repeats, in characters (before escaping). */
export const MAX_QUOTED_CHARS = 60;

/**
 * Quotes a piece of untrusted input for an error message: control characters (NUL, escape, new
 * lines...) are shown as escapes such as `\u0000`, and text longer than `maxChars` is cut with a
 * note of its full length, so a 1 MB line or a terminal escape never reaches the user's screen raw.
 */
export function quoteInput(text: string, maxChars: number = MAX_QUOTED_CHARS): string {
  const limit = Math.max(1, Math.floor(maxChars));
  // Cut by code points, never inside a surrogate pair (half an emoji is not text).
  let points = 0;
  let end = 0;
  for (let i = 0; i < text.length; points++) {
    const step = (text.codePointAt(i) ?? 0) > 0xffff ? 2 : 1;
    i += step;
    if (points < limit) end = i;
  }
  const cut = points > limit;
  let escaped = '';
  for (const ch of text.slice(0, end)) {
    const code = ch.codePointAt(0) ?? 0;
    const loneSurrogate = ch.length === 1 && code >= 0xd800 && code <= 0xdfff;
    if (ch === "'") escaped += "\\'";
    else if (ch === '\\') escaped += '\\\\';
    else if (
      loneSurrogate ||
      code < 0x20 ||
      (code >= 0x7f && code < 0xa0) ||
      code === 0x2028 ||
      code === 0x2029
    )
      escaped += `\\u${code.toString(16).padStart(4, '0')}`;
    else escaped += ch;
  }
  return cut ? `'${escaped}…' (${points} characters)` : `'${escaped}'`;
}

/** Removes a leading UTF-8 byte-order mark (U+FEFF), which editors on Windows often write. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
