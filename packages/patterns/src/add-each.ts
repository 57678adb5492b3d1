import { atOption } from './check-options.js'

/**
 * Adds `items` to `start` one by one with `add` (`.step()`, `.attempt()`, `.branch()`), reporting a bad item at
 * `<pattern>.<field>.<index>`. @internal
 */
export function addEach<TBuilder, TItem>(
  pattern: string,
  field: string,
  start: TBuilder,
  items: readonly TItem[],
  add: (builder: TBuilder, item: TItem) => TBuilder,
): TBuilder {
  return items.reduce((builder, item, index) => atOption([pattern, field, index], () => add(builder, item)), start)
}
