/**
 * Records that inherit nothing: `{}` would inherit `constructor`, `toString` and the `__proto__` setter from
 * `Object.prototype`. `Object.create(null)` inherits nothing either, but V8 keeps such an object in dictionary
 * mode (a hash table: slower to read, larger); an instance of this constructor, whose prototype is an empty frozen
 * object without a prototype, keeps V8's fast properties and still inherits nothing.
 */
const NullRecord = function NullRecord() {} as unknown as new () => Record<string, unknown>
NullRecord.prototype = Object.freeze(Object.create(null) as object)

/** A new empty record that inherits nothing (see {@link NullRecord}). */
export function nullRecord<T = unknown>(): Record<string, T> {
  return new NullRecord() as Record<string, T>
}

/** True for a record made by {@link nullRecord} or `Object.create(null)`: its prototype chain holds no members. */
export function isNullRecordPrototype(prototype: unknown): boolean {
  return prototype === null || prototype === NullRecord.prototype
}
