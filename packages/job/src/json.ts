import type { JsonValue } from './descriptor.js';

/**
 * JSON for people to read as well as programs: a value goes on one line when it fits in `width`
 * columns at its indent, and is broken over lines (two-space indent) only when it does not. A board's
 * rows then stand one per line and a coordinate pair such as `[6, 14]` stays whole, where
 * `JSON.stringify(value, null, 2)` puts every number on a line of its own. The text parses back to
 * the same value, since only whitespace between tokens differs from `JSON.stringify(value)`.
 */
export function printJson(value: JsonValue, width = 100): string {
  return `${layout(value, '', width, 0, 0)}\n`;
}

/**
 * `lead` is how many columns stand before the value on its first line (its key, say), `tail` how
 * many stand after it on its last line (the comma before the next item), so a value kept flat fits
 * with both.
 */
function layout(
  value: JsonValue,
  indent: string,
  width: number,
  lead: number,
  tail: number,
): string {
  const flat = JSON.stringify(value);
  if (
    value === null ||
    typeof value !== 'object' ||
    indent.length + lead + flat.length + tail <= width
  ) {
    return flat;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = (value as readonly JsonValue[]).map(
      (item, index) => inner + layout(item, inner, width, 0, commaAfter(index, value.length)),
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as { readonly [key: string]: JsonValue });
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item], index) => {
    const head = `${JSON.stringify(key)}: `;
    return (
      inner + head + layout(item, inner, width, head.length, commaAfter(index, entries.length))
    );
  });
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/** Every item but the last is followed by a comma on its line. */
function commaAfter(index: number, count: number): number {
  return index < count - 1 ? 1 : 0;
}
