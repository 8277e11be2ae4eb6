import { InvalidInputError } from '@puzzlekit/errors';

const BASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&*+-/<=>?@^_~';
const EXTRA_START = 0x100;
const EXTRA_COUNT = 0x17f - 0x100 + 1 + (0x24f - 0x180 + 1);

/**
 * How many distinct faces the text format can write: `A–Z`, `a–z`, `0–9`, then `!$%&*+-/<=>?@^_~`,
 * then the Latin Extended-A and -B letters (U+0100–U+024F).
 */
export const MAX_FACES = BASE.length + EXTRA_COUNT;

/** The character of face `face` (1 → `A`, 27 → `a`, 53 → `0`, …). */
export function faceToChar(face: number): string {
  if (!Number.isInteger(face) || face < 1 || face > MAX_FACES) {
    throw new InvalidInputError(`face must be an integer in 1..${MAX_FACES}, got ${face}`, {
      code: 'INVALID_FACE',
    });
  }
  if (face <= BASE.length) return BASE[face - 1]!;
  return String.fromCharCode(EXTRA_START + face - 1 - BASE.length);
}

/** The face of a character, or 0 when the character is not a face. */
export function charToFace(ch: string): number {
  if (ch.length !== 1) return 0;
  const i = BASE.indexOf(ch);
  if (i >= 0) return i + 1;
  const code = ch.charCodeAt(0);
  if (code >= EXTRA_START && code < EXTRA_START + EXTRA_COUNT) {
    return BASE.length + code - EXTRA_START + 1;
  }
  return 0;
}
