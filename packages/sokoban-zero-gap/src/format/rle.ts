import { ParseError, positionAt, quoteInput } from '@puzzlekit/errors';

/** Deepest nesting of run-length groups `(…)` accepted; real files nest two or three deep. */
export const MAX_RLE_DEPTH = 100;

/** An expanded run-length text: the characters and, when asked for, each one's source position. */
export interface Expanded {
  readonly text: string;
  /** For each character of `text`, its 0-based offset in the source (empty unless `columns` was asked for). */
  readonly columns: Int32Array;
}

/** Limits and switches of {@link expandRle}. */
export interface ExpandOptions {
  /**
   * Longest expansion accepted. Checked before anything is allocated: `49999999#` fails at once with
   * this figure in the message. Default 1,000,000.
   */
  readonly maxLength?: number;
  /** What `maxLength` counts, for the error message (default "characters"). */
  readonly unit?: string;
  /** Keep `|` as a row separator (XSB). Default true; without it `|` is an unexpected character. */
  readonly rowBreaks?: boolean;
  /** Record each character's source offset in `columns`. Default true. */
  readonly columns?: boolean;
}

const DEFAULT_MAX_LENGTH = 1_000_000;

/** A growable byte buffer with a parallel offset buffer, bounded by the caller's limit. */
class Output {
  codes = new Uint8Array(256);
  cols: Int32Array;
  length = 0;

  constructor(private readonly withColumns: boolean) {
    this.cols = new Int32Array(withColumns ? 256 : 0);
  }

  reserve(n: number): void {
    if (n <= this.codes.length) return;
    let cap = this.codes.length;
    while (cap < n) cap *= 2;
    const codes = new Uint8Array(cap);
    codes.set(this.codes.subarray(0, this.length));
    this.codes = codes;
    if (this.withColumns) {
      const cols = new Int32Array(cap);
      cols.set(this.cols.subarray(0, this.length));
      this.cols = cols;
    }
  }

  repeat(code: number, at: number, count: number): void {
    this.reserve(this.length + count);
    this.codes.fill(code, this.length, this.length + count);
    if (this.withColumns) this.cols.fill(at, this.length, this.length + count);
    this.length += count;
  }

  /** Appends `count - 1` more copies of the segment that starts at `start` (it is already there once). */
  repeatSegment(start: number, count: number): void {
    const seg = this.length - start;
    if (count === 0) {
      this.length = start;
      return;
    }
    this.reserve(start + seg * count);
    for (let k = 1; k < count; k++) {
      this.codes.copyWithin(this.length, start, start + seg);
      if (this.withColumns) this.cols.copyWithin(this.length, start, start + seg);
      this.length += seg;
    }
  }

  text(): string {
    let out = '';
    for (let i = 0; i < this.length; i += 8192) {
      out += String.fromCharCode(...this.codes.subarray(i, Math.min(i + 8192, this.length)));
    }
    return out;
  }
}

/** An open group on the explicit stack: where its count and `(` were, and where its output starts. */
interface Group {
  readonly count: number;
  readonly countAt: number;
  readonly openAt: number;
  readonly start: number;
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/**
 * Expands run-length encoding: `3#` is `###`, `2(#-)` is `#-#-`, groups nest (up to
 * {@link MAX_RLE_DEPTH}), and `|` (kept as is) separates board rows. `isItem` says which single
 * characters may be repeated. With `skip`, the characters it accepts (whitespace) are ignored
 * anywhere, `line` may span several lines, and error positions are counted over the whole text.
 *
 * The parser is iterative (no recursion, whatever the nesting) and every count is checked against
 * `options.maxLength` before the output grows, so a tiny input can never allocate a huge one.
 */
export function expandRle(
  line: string,
  lineNo: number,
  isItem: (ch: string) => boolean,
  source?: string,
  skip?: (ch: string) => boolean,
  options: ExpandOptions = {},
): Expanded {
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  const unit = options.unit ?? 'characters';
  const rowBreaks = options.rowBreaks ?? true;
  const out = new Output(options.columns ?? true);
  const fail = (reason: string, at: number): never => {
    if (skip) throw new ParseError(reason, { ...positionAt(line, at), source });
    throw new ParseError(reason, { line: lineNo, column: at + 1, source });
  };
  const tooLong = (at: number): never =>
    fail(
      `run-length encoding expands past the limit of ${maxLength.toLocaleString('en-US')} ${unit}`,
      at,
    );
  const stack: Group[] = [];
  let pos = 0;
  const skipAll = (): void => {
    if (skip) while (pos < line.length && skip(line[pos]!)) pos++;
  };
  for (;;) {
    skipAll();
    if (pos >= line.length) break;
    const ch = line[pos]!;
    if (ch === ')') {
      const group = stack.pop();
      if (!group) fail(`')' without a matching '('`, pos);
      const { count, countAt, start } = group!;
      if ((out.length - start) * count + start > maxLength) tooLong(countAt);
      out.repeatSegment(start, count);
      pos++;
      continue;
    }
    let count = 1;
    const countAt = pos;
    if (isDigit(line.charCodeAt(pos))) {
      let v = 0;
      while (pos < line.length && isDigit(line.charCodeAt(pos))) {
        v = v * 10 + line.charCodeAt(pos) - 48;
        // a count alone larger than the limit can be refused before anything else is read
        if (v > maxLength) tooLong(countAt);
        pos++;
      }
      skipAll();
      if (pos >= line.length)
        fail(`run length ${v} is not followed by anything to repeat`, countAt);
      count = v;
    }
    const c = line[pos]!;
    if (c === '(') {
      if (stack.length >= MAX_RLE_DEPTH) {
        fail(`run-length groups nested deeper than ${MAX_RLE_DEPTH} levels`, pos);
      }
      stack.push({ count, countAt, openAt: pos, start: out.length });
      pos++;
    } else if (c === ')') {
      fail(`run length before ')'`, countAt);
    } else if (c === '|' && rowBreaks) {
      if (countAt !== pos) fail(`run length before '|'`, countAt);
      if (out.length + 1 > maxLength) tooLong(pos);
      out.repeat(124, pos, 1);
      pos++;
    } else {
      if (!isItem(c)) {
        // the whole code point, escaped: a file's ESC or NUL never reaches a terminal raw
        fail(
          `unexpected character ${quoteInput(String.fromCodePoint(line.codePointAt(pos)!))}`,
          pos,
        );
      }
      if (out.length + count > maxLength) tooLong(countAt);
      out.repeat(c.charCodeAt(0), pos, count);
      pos++;
    }
  }
  if (stack.length > 0) fail(`'(' is never closed`, stack[stack.length - 1]!.openAt);
  return {
    text: out.text(),
    columns: out.cols.slice(0, options.columns === false ? 0 : out.length),
  };
}

/** Run-length encodes a string: runs of 3 or more equal characters become `<count><char>`. */
export function encodeRuns(text: string, minRun = 3): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    let j = i + 1;
    while (j < text.length && text[j] === text[i]) j++;
    const n = j - i;
    out += n >= minRun ? `${n}${text[i]}` : text.slice(i, j);
    i = j;
  }
  return out;
}
