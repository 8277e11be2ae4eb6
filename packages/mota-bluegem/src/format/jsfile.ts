import {
  parse,
  type ArrayExpression,
  type BinaryExpression,
  type Expression,
  type Identifier,
  type Node,
  type ObjectExpression,
  type Program,
  type SpreadElement,
  type TemplateLiteral,
  type UnaryExpression,
} from 'acorn';
import { MAX_JSON_DEPTH, ParseError, positionAt } from '@puzzlekit/errors';

/*
 * H5 project files are scripts the engine loads: `var maps_<guid> = {…}`, `main.floors.MT1 = {…}`.
 * Real towers write them as JavaScript, not JSON — comments, trailing commas, single quotes, unquoted
 * keys, `1e3`, `0x3`, `(3)`, `-5`, `!0` — so each file is parsed by a real JavaScript parser (acorn) and
 * the one assigned value is turned into data. Nothing is evaluated: only literals, objects, arrays and
 * arithmetic on number literals are read; anything else (a call, a name, a function) is a ParseError at
 * its line and column.
 */

/** A ParseError at a character offset of the file. */
function errorAt(
  text: string,
  offset: number,
  source: string,
  reason: string,
  code?: string,
): ParseError {
  return new ParseError(reason, { ...positionAt(text, offset), source, ...(code ? { code } : {}) });
}

/**
 * Refuses nesting deeper than {@link MAX_JSON_DEPTH} levels before parsing (the parser and the reader
 * below recurse): brackets, braces and parentheses are counted outside strings, template literals and
 * comments. Returns the offset of the opening bracket that goes too deep, or -1.
 */
function tooDeepAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27 || c === 0x60) {
      // A string or template literal: skip to its unescaped end.
      for (i++; i < text.length && text.charCodeAt(i) !== c; i++)
        if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 0x5b || c === 0x7b || c === 0x28) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === 0x5d || c === 0x7d || c === 0x29) depth--;
  }
  return -1;
}

/** Parses a script with acorn; a syntax error becomes a ParseError at its position. */
export function parseScript(text: string, source: string): Program {
  const deep = tooDeepAt(text);
  if (deep !== -1)
    throw errorAt(
      text,
      deep,
      source,
      `data nested deeper than ${MAX_JSON_DEPTH} levels`,
      'TOO_DEEP',
    );
  try {
    return parse(text, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true });
  } catch (error) {
    const pos = (error as { pos?: unknown }).pos;
    if (!(error instanceof SyntaxError) || typeof pos !== 'number') throw error;
    // acorn appends " (line:column)"; the ParseError carries them itself.
    throw errorAt(text, pos, source, error.message.replace(/ \(\d+:\d+\)$/, ''));
  }
}

/** The value assigned by a file: `var|let|const x = value` or `a.b.c = value`, alone in the file. */
function assignedValue(program: Program, text: string, source: string): Expression {
  const statements = program.body.filter((s) => s.type !== 'EmptyStatement');
  const only = statements[0];
  const shape =
    'expected the file to hold one `var <name> =` or `main.floors.<id> =` assignment of data';
  if (only === undefined) throw errorAt(text, /\S/.exec(text)?.index ?? 0, source, shape);
  if (statements.length > 1) throw errorAt(text, statements[1]!.start, source, shape);
  if (only.type === 'VariableDeclaration' && only.declarations.length === 1) {
    const init = only.declarations[0]?.init;
    if (init) return init;
  }
  if (
    only.type === 'ExpressionStatement' &&
    only.expression.type === 'AssignmentExpression' &&
    only.expression.operator === '='
  )
    return only.expression.right;
  throw errorAt(text, only.start, source, shape);
}

/** Sets a key as an own property, as JSON.parse does (`__proto__` stays a plain key). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * Turns an expression of data into a value: object and array literals, strings, numbers (any literal
 * form, signs, parentheses, arithmetic between numbers), booleans (`true`, `!0`), `null`, `undefined`,
 * `NaN`, `Infinity`, templates without substitutions. Anything else is refused at its position.
 */
export function dataOf(
  node: Expression | SpreadElement | Node,
  text: string,
  source: string,
): unknown {
  const refuse = (what: string): never => {
    throw errorAt(text, node.start, source, `not data: ${what} (tower files are read, never run)`);
  };
  switch (node.type) {
    case 'Literal': {
      const lit = node as { value: unknown; regex?: unknown; bigint?: string };
      if (lit.regex !== undefined) return refuse('a regular expression');
      if (lit.bigint !== undefined) return Number(lit.bigint);
      return lit.value;
    }
    case 'ObjectExpression': {
      const out: Record<string, unknown> = {};
      for (const prop of (node as ObjectExpression).properties) {
        if (prop.type !== 'Property' || prop.kind !== 'init' || prop.method)
          return dataOf(prop, text, source);
        let key: string;
        if (!prop.computed && prop.key.type === 'Identifier') key = prop.key.name;
        else if (prop.key.type === 'Literal' && !prop.computed) key = String(prop.key.value);
        else
          throw errorAt(
            text,
            prop.start,
            source,
            'not data: a computed key (tower files are read, never run)',
          );
        put(out, key, dataOf(prop.value, text, source));
      }
      return out;
    }
    case 'ArrayExpression':
      return (node as ArrayExpression).elements.map((e) =>
        e === null ? null : dataOf(e, text, source),
      );
    case 'UnaryExpression': {
      const { operator, argument } = node as UnaryExpression;
      const v = dataOf(argument, text, source);
      if (operator === '!' && (typeof v === 'number' || typeof v === 'boolean')) return !v;
      if ((operator === '-' || operator === '+') && typeof v === 'number')
        return operator === '-' ? -v : v;
      return refuse(`the operator ${operator}`);
    }
    case 'BinaryExpression': {
      const { operator, left, right } = node as BinaryExpression;
      const a = dataOf(left, text, source);
      const b = dataOf(right, text, source);
      if (typeof a === 'number' && typeof b === 'number') {
        if (operator === '+') return a + b;
        if (operator === '-') return a - b;
        if (operator === '*') return a * b;
        if (operator === '/') return a / b;
      }
      if (operator === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
      return refuse(`the operator ${operator}`);
    }
    case 'TemplateLiteral': {
      const t = node as TemplateLiteral;
      if (t.expressions.length > 0) return refuse('a template with substitutions');
      return t.quasis.map((q) => q.value.cooked ?? q.value.raw).join('');
    }
    case 'Identifier': {
      const { name } = node as Identifier;
      if (name === 'undefined') return undefined;
      if (name === 'NaN') return Number.NaN;
      if (name === 'Infinity') return Infinity;
      return refuse(`the name ${name}`);
    }
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return refuse('a function');
    default:
      return refuse(`a ${node.type}`);
  }
}

/**
 * Reads one H5 project file (`data.js`, `maps.js`, `enemys.js`, `items.js`, `floors/*.js`): the value
 * of its one assignment (`var x = …`, `main.floors.X = …`), as the engine loads it, turned into data by
 * a JavaScript parser — comments, trailing commas, any literal form. Never evaluates the file.
 *
 * @param text - The file's text.
 * @param source - The file name, used in error messages.
 * @returns The assigned value as plain data.
 * @throws ParseError naming the file, with the line and column of the problem.
 */
export function parseAssignment(text: string, source: string): unknown {
  return dataOf(assignedValue(parseScript(text, source), text, source), text, source);
}
