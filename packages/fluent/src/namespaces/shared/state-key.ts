/** True for `app:`, `user:` and `temp:` keys, which `S.pick`/`S.drop`/`S.rename` never touch (core's rule). */
export { isScopedKey as isScopedStateKey } from '@adk-fluent/core/internal'
