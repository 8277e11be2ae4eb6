/**
 * Lookups keyed by names read from a tower (floor ids, monster ids, tile numbers, value names). A
 * tower may name a floor `toString` or a monster `__proto__`: plain `record[key]` would find
 * `Object.prototype` members, so every lookup goes through {@link own} and every table is built with
 * {@link dict} (no prototype).
 */

/** `record[key]` when `key` is the record's own property, else `undefined` (never an inherited member). */
export function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** An empty table without a prototype: `__proto__`, `constructor`, `toString` are ordinary keys. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
