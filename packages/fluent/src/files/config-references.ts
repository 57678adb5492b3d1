import type { FieldReader } from './field-reader.js'
import { isYamlRecord } from './field-reader.js'
import type { FieldPath } from './yaml-source.js'

/**
 * The entry of `map` for a name written in a file: the exact name, else its last dotted segment (so ADK's
 * `my_package.tools.get_weather` finds `get_weather`). @internal
 */
export function lookupName<T>(map: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  if (!map) return undefined
  if (Object.hasOwn(map, name)) return map[name]
  const last = name.split('.').pop() ?? name
  return last !== name && Object.hasOwn(map, last) ? map[last] : undefined
}

/** The names a map offers, for error messages. @internal */
export function offered(map: Readonly<Record<string, unknown>> | undefined): string {
  const names = Object.keys(map ?? {})
  return names.length === 0 ? 'none were passed' : `passed: ${names.join(', ')}`
}

/**
 * The name of an ADK `CodeConfig` (`{ name: my_module.fn }`, or the bare text `my_module.fn`). Its `args` are refused:
 * a file cannot pass arguments to code (make the object in code and pass it by name). @internal
 */
export function codeName(reader: FieldReader, value: unknown, path: FieldPath): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value
  if (!isYamlRecord(value)) return reader.fail(path, 'expected a name (name: my_module.my_function).')
  reader.onlyKnown(
    value,
    path,
    ['name'],
    'a code reference',
    ' (arguments cannot be passed from a file: create the object in code and pass it by name)',
  )
  return reader.string(value, path, 'name', true)
}
