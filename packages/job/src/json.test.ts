import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from './descriptor.js';
import { printJson } from './json.js';

describe('printJson', () => {
  it('keeps short values on one line and breaks long ones, by hand', () => {
    const doc = {
      game: 'link',
      board: ['ABCD', 'DCBA'],
      order: [
        [
          [0, 0],
          [0, 3],
        ],
      ],
    };
    expect(printJson(doc, 40)).toBe(
      [
        '{',
        '  "game": "link",',
        '  "board": ["ABCD","DCBA"],',
        '  "order": [[[0,0],[0,3]]]',
        '}',
        '',
      ].join('\n'),
    );
    expect(printJson({ rows: ['x'.repeat(30), 'y'.repeat(30)] }, 40)).toBe(
      `{\n  "rows": [\n    "${'x'.repeat(30)}",\n    "${'y'.repeat(30)}"\n  ]\n}\n`,
    );
    expect(printJson([], 1)).toBe('[]\n');
    expect(printJson({}, 1)).toBe('{}\n');
    expect(printJson('a', 1)).toBe('"a"\n');
    // the comma after a value counts: at width 24 this entry is 25 columns flat, so it breaks
    expect(printJson({ '       ': [null, null], '': {} }, 24)).toBe(
      '{\n  "       ": [\n    null,\n    null\n  ],\n  "": {}\n}\n',
    );
    expect(printJson({ '       ': [null, null], '': {} }, 25)).toBe(
      '{\n  "       ": [null,null],\n  "": {}\n}\n',
    );
  });

  it('parses back to the same value for any JSON and any width (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 120 }), (value, width) => {
        const text = printJson(value as JsonValue, width);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        // only whitespace between tokens differs from the one-line form
        expect(text.replace(/\s+(?=(?:[^"\\]|\\.|"(?:[^"\\]|\\.)*")*$)/g, '')).toBe(
          JSON.stringify(value),
        );
      }),
    );
  });

  it('never makes a line longer than the width unless one value alone is (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.integer({ min: 20, max: 120 }),
        (value, width) => {
          for (const line of printJson(value as JsonValue, width).split('\n')) {
            if (line.length <= width) continue;
            // a line past the width holds one scalar (or an empty container) after its key, or a
            // key too long to fit followed by the bracket that opens its broken value
            expect(line.trim()).toMatch(
              /^("(?:[^"\\]|\\.)*": )?(?:"(?:[^"\\]|\\.)*"|[^[{,]+|\[\]|\{\}|[[{])[,]?$/,
            );
          }
        },
      ),
    );
  });
});
