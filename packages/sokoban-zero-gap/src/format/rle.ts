import { ParseError, positionAt } from '@puzzlekit/errors';

/** Longest text a run-length encoded line may expand to (guards against `999999999#`). */
export const MAX_EXPANDED = 50_000_000;

/** An expanded run-length line: the characters and, for each, its 0-based column in the source line. */
export interface Expanded {
  readonly text: string;
  readonly columns: Int32Array;
}

/**
 * Expands run-length encoding: `3#` is `###`, `2(#-)` is `#-#-`, groups nest, and `|` (kept as is)
 * separates board rows. `isItem` says which single characters may be repeated. With `skip`, the
 * characters it accepts (whitespace) are ignored anywhere, `line` may span several lines, and error
 * positions are counted over the whole text.
 */
export function expandRle(
  line: string,
  lineNo: number,
  isItem: (ch: string) => boolean,
  source?: string,
  skip?: (ch: string) => boolean,
): Expanded {
  const out: string[] = [];
  const cols: number[] = [];
  let pos = 0;
  const fail = (reason: string, at: number): never => {
    if (skip) throw new ParseError(reason, { ...positionAt(line, at), source });
    throw new ParseError(reason, { line: lineNo, column: at + 1, source });
  };
  const skipAll = (): void => {
    if (skip) while (pos < line.length && skip(line[pos]!)) pos++;
  };
  const parseSeq = (depth: number): void => {
    for (;;) {
      skipAll();
      if (pos >= line.length) return;
      const ch = line[pos]!;
      if (ch === ')') {
        if (depth === 0) fail(`')' without a matching '('`, pos);
        return;
      }
      let count = 1;
      const countAt = pos;
      if (ch >= '0' && ch <= '9') {
        let v = 0;
        while (pos < line.length && line[pos]! >= '0' && line[pos]! <= '9') {
          v = v * 10 + line.charCodeAt(pos) - 48;
          if (v > MAX_EXPANDED) fail(`run length too large`, countAt);
          pos++;
        }
        skipAll();
        if (pos >= line.length)
          fail(`run length ${v} is not followed by anything to repeat`, countAt);
        count = v;
      }
      const c = line[pos]!;
      if (c === '(') {
        const open = pos;
        pos++;
        const startLen = out.length;
        parseSeq(depth + 1);
        skipAll();
        if (pos >= line.length || line[pos] !== ')') fail(`'(' is never closed`, open);
        pos++;
        const seg = out.slice(startLen);
        const segCols = cols.slice(startLen);
        if (seg.length * count > MAX_EXPANDED) fail(`run-length group expands too far`, countAt);
        for (let k = 1; k < count; k++) {
          for (let i = 0; i < seg.length; i++) {
            out.push(seg[i]!);
            cols.push(segCols[i]!);
          }
        }
        if (count === 0) {
          out.length = startLen;
          cols.length = startLen;
        }
      } else if (c === ')' || c === '|') {
        if (count !== 1 || countAt !== pos) fail(`run length before '${c}'`, countAt);
        if (c === ')') continue;
        out.push(c);
        cols.push(pos);
        pos++;
      } else {
        if (!isItem(c)) fail(`unexpected character '${c}'`, pos);
        if (out.length + count > MAX_EXPANDED) fail(`run length too large`, countAt);
        for (let k = 0; k < count; k++) {
          out.push(c);
          cols.push(pos);
        }
        pos++;
      }
    }
  };
  parseSeq(0);
  if (pos < line.length) fail(`')' without a matching '('`, pos);
  return { text: out.join(''), columns: Int32Array.from(cols) };
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
