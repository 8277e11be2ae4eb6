import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  InvalidInputError,
  ParseError,
  PuzzlekitError,
  isPuzzlekitError,
  positionAt,
} from './index.js';

describe('PuzzlekitError', () => {
  it('carries a stable code, its class name and the cause', () => {
    const cause = new Error('low level');
    const e = new PuzzlekitError('BUDGET', 'out of nodes', { cause });
    expect(e.code).toBe('BUDGET');
    expect(e.name).toBe('PuzzlekitError');
    expect(e.message).toBe('out of nodes');
    expect(e.cause).toBe(cause);
    expect(e).toBeInstanceOf(Error);
    expect(isPuzzlekitError(e)).toBe(true);
    expect(isPuzzlekitError(cause)).toBe(false);
    expect(isPuzzlekitError('text')).toBe(false);
  });

  it('subclasses keep their own name and are recognised', () => {
    class LevelError extends PuzzlekitError {}
    const e = new LevelError('INVALID_LEVEL', 'no player');
    expect(e.name).toBe('LevelError');
    expect(isPuzzlekitError(e)).toBe(true);
  });
});

describe('ParseError', () => {
  it('names source, line and column in the message and as fields', () => {
    const e = new ParseError("unknown character 'x'", { line: 3, column: 7, source: 'level.xsb' });
    expect(e.message).toBe("level.xsb:3:7: unknown character 'x'");
    expect(e).toMatchObject({ line: 3, column: 7, source: 'level.xsb', code: 'PARSE_ERROR' });
    expect(e.reason).toBe("unknown character 'x'");
    expect(e).toBeInstanceOf(PuzzlekitError);
  });

  it('defaults the source to "input" and accepts a custom code', () => {
    const e = new ParseError('bad', { line: 1, column: 1, code: 'XSB_PLAYER' });
    expect(e.message).toBe('input:1:1: bad');
    expect(e.code).toBe('XSB_PLAYER');
  });
});

describe('InvalidInputError', () => {
  it('prefixes the JSON path', () => {
    const e = new InvalidInputError('unknown animal "dragon"', { path: '$.animals.dragon' });
    expect(e.message).toBe('$.animals.dragon: unknown animal "dragon"');
    expect(e.code).toBe('INVALID_INPUT');
    expect(new InvalidInputError('plain').message).toBe('plain');
  });
});

describe('positionAt', () => {
  it('finds line and column of hand-checked offsets', () => {
    const text = 'ab\ncde\n\nf';
    expect(positionAt(text, 0)).toEqual({ line: 1, column: 1 });
    expect(positionAt(text, 2)).toEqual({ line: 1, column: 3 });
    expect(positionAt(text, 3)).toEqual({ line: 2, column: 1 });
    expect(positionAt(text, 8)).toEqual({ line: 4, column: 1 });
  });

  it('agrees with splitting the prefix into lines', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n') }), fc.nat(), (text, n) => {
        const offset = text.length === 0 ? 0 : n % (text.length + 1);
        const lines = text.slice(0, offset).split('\n');
        expect(positionAt(text, offset)).toEqual({
          line: lines.length,
          column: (lines[lines.length - 1]?.length ?? 0) + 1,
        });
      }),
    );
  });
});

describe('GenerationError and IoError', () => {
  it('carry stable codes and are puzzlekit errors', async () => {
    const { GenerationError, IoError } = await import('./index.js');
    const g = new GenerationError('no scramble reached distance 10');
    expect(g.code).toBe('GENERATION_FAILED');
    expect(g.name).toBe('GenerationError');
    expect(isPuzzlekitError(g)).toBe(true);
    const cause = new Error('ENOENT');
    const io = new IoError('cannot write out/b.txt: no such folder', { path: 'out/b.txt', cause });
    expect(io.code).toBe('IO_ERROR');
    expect(io.path).toBe('out/b.txt');
    expect(io.cause).toBe(cause);
  });
});
