import { isNullRecordPrototype } from './null-record.js'
/**
 * JSON-safe data: what `JSON.stringify` writes and `JSON.parse` reads back unchanged (plain objects, arrays,
 * strings, finite numbers, booleans, `null`).
 */
export type JsonSafe = null | boolean | number | string | JsonSafe[] | { [key: string]: JsonSafe }

const objectProto = Object.prototype
const hasOwn = objectProto.hasOwnProperty

/**
 * Converts any value to JSON-safe data, so a tool result stored in a session can always be sent to a model again.
 * The rules (values that are already JSON-safe come back as they are, the same object):
 *
 * - strings, booleans, `null` and finite numbers: unchanged; `NaN` and `±Infinity` → `null` (as `JSON.stringify`);
 * - `undefined`, functions and symbols: left out of an object, `null` in an array (as `JSON.stringify`), `null` alone;
 * - `BigInt` → its decimal string (`12345678901234567890n` → `"12345678901234567890"`);
 * - `Date` → its ISO string (`toISOString()`), an invalid date → `null`;
 * - `Map` → an object (`String(key)` → value) when every key is a string, number or boolean, else an array of
 *   `[key, value]` pairs;
 * - `Set` and typed arrays → arrays;
 * - an `Error` → `{ name, message }`;
 * - another object with a `toJSON()` method → the conversion of what it returns;
 * - any other class instance or object → a plain object of its own enumerable string-keyed properties;
 * - a cycle (an object inside itself) → the string `"[Circular]"` where the cycle closes; a value shared by two
 *   branches, but not inside itself, is copied into both.
 */
export function toJsonSafe(value: unknown): JsonSafe {
  if (isJsonSafe(value, [])) return value as JsonSafe
  return convert(value, []) ?? null
}

function isJsonSafe(value: unknown, ancestors: unknown[]): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true
    case 'number':
      return Number.isFinite(value)
    case 'object': {
      if (value === null) return true
      if (ancestors.includes(value)) return false
      if (Array.isArray(value)) {
        if (Object.getPrototypeOf(value) !== Array.prototype) return false
        ancestors.push(value)
        for (let index = 0; index < value.length; index++) {
          if (!(index in value) || !isJsonSafe(value[index], ancestors)) return false
        }
        ancestors.pop()
        return true
      }
      const proto = Object.getPrototypeOf(value)
      if (proto !== objectProto && !isNullRecordPrototype(proto)) return false
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false
      ancestors.push(value)
      for (const key in value) {
        if (!hasOwn.call(value, key) || key === '__proto__') return false
        if (!isJsonSafe((value as Record<string, unknown>)[key], ancestors)) return false
      }
      ancestors.pop()
      return true
    }
    default:
      return false
  }
}

/** `undefined` means "left out" (in an object) or `null` (in an array). */
function convert(value: unknown, ancestors: unknown[]): JsonSafe | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) ? value : null
    case 'bigint':
      return value.toString()
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined
  }
  if (value === null) return null
  const object = value as object
  if (ancestors.includes(object)) return '[Circular]'
  ancestors.push(object)
  try {
    return convertObject(object, ancestors)
  } finally {
    ancestors.pop()
  }
}

function convertObject(object: object, ancestors: unknown[]): JsonSafe {
  if (Array.isArray(object)) return Array.from(object, (item) => convert(item, ancestors) ?? null)
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString()
  if (object instanceof Set) return Array.from(object, (item) => convert(item, ancestors) ?? null)
  if (object instanceof Map) return convertMap(object, ancestors)
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
    return Array.from(object as unknown as ArrayLike<number | bigint>, (item) => convert(item, ancestors) ?? null)
  }
  if (object instanceof Error) return { name: object.name, message: object.message }
  const toJSON = (object as { toJSON?: unknown }).toJSON
  if (typeof toJSON === 'function') {
    const replaced: unknown = toJSON.call(object, '')
    if (replaced !== object) return convert(replaced, ancestors) ?? null
  }
  const result: Record<string, JsonSafe> = {}
  for (const key of Object.keys(object)) {
    const converted = convert((object as Record<string, unknown>)[key], ancestors)
    if (converted === undefined) continue
    if (key === '__proto__')
      Object.defineProperty(result, key, { value: converted, enumerable: true, writable: true, configurable: true })
    else result[key] = converted
  }
  return result
}

function convertMap(map: Map<unknown, unknown>, ancestors: unknown[]): JsonSafe {
  const simpleKeys = [...map.keys()].every((key) => ['string', 'number', 'boolean'].includes(typeof key))
  if (!simpleKeys)
    return Array.from(map, ([key, item]) => [convert(key, ancestors) ?? null, convert(item, ancestors) ?? null])
  const result: Record<string, JsonSafe> = {}
  for (const [key, item] of map) {
    const converted = convert(item, ancestors)
    if (converted === undefined) continue
    const name = String(key)
    if (name === '__proto__')
      Object.defineProperty(result, name, { value: converted, enumerable: true, writable: true, configurable: true })
    else result[name] = converted
  }
  return result
}
