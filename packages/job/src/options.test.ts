import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { InvalidInputError } from '@puzzlekit/errors';
import { flagName, readOptions, type OptionSpec } from './index.js';

const SPECS: readonly OptionSpec[] = [
  { name: 'size', kind: 'integer', description: 'board size', min: 3, max: 12, default: 5 },
  { name: 'type', kind: 'choice', description: 'rule set', choices: ['b', 'e'], default: 'b' },
  { name: 'ratio', kind: 'number', description: 'a fraction', min: 0, max: 1 },
  { name: 'mirror', kind: 'boolean', description: 'symmetric', default: false },
  { name: 'title', kind: 'string', description: 'a title' },
];

function pathOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    return (e as InvalidInputError).path;
  }
  return undefined;
}

describe('readOptions', () => {
  it('reads text (a command line) and JSON alike, and fills in defaults', () => {
    expect(readOptions(SPECS, { size: '7', ratio: '0.5', mirror: 'true' })).toEqual({
      size: 7,
      type: 'b',
      ratio: 0.5,
      mirror: true,
    });
    expect(readOptions(SPECS, { size: 7, type: 'e', title: 'x' })).toEqual({
      size: 7,
      type: 'e',
      mirror: false,
      title: 'x',
    });
  });

  it('refuses wrong kinds, ranges and unknown keys with the JSON path', () => {
    expect(pathOf(() => readOptions(SPECS, { size: '7.5' }))).toBe('$.size');
    expect(pathOf(() => readOptions(SPECS, { size: 2 }))).toBe('$.size');
    expect(pathOf(() => readOptions(SPECS, { size: ' ' }))).toBe('$.size');
    expect(pathOf(() => readOptions(SPECS, { type: 'w' }, '$.spec'))).toBe('$.spec.type');
    expect(pathOf(() => readOptions(SPECS, { mirror: 'yes' }))).toBe('$.mirror');
    expect(pathOf(() => readOptions(SPECS, { title: 5 }))).toBe('$.title');
    expect(pathOf(() => readOptions(SPECS, { colour: 'red' }))).toBe('$.colour');
    expect(() => readOptions(SPECS, { type: 'w' })).toThrow("type must be one of b, e, got 'w'");
  });

  it('never throws anything but InvalidInputError, whatever it is given (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (raw) => {
        try {
          readOptions(SPECS, raw);
        } catch (e) {
          expect(e).toBeInstanceOf(InvalidInputError);
        }
      }),
    );
  });

  it('names flags in kebab case', () => {
    expect(flagName('maxPushes')).toBe('max-pushes');
    expect(flagName('size')).toBe('size');
  });
});
