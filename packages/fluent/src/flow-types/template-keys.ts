// Type-level parsing of `{key}` / `{key?}` instruction templates, with the rules of core's `parseTemplate`: `{{` is a
// literal brace, a group whose content is not a state key (an identifier, optionally `app:`/`user:`/`temp:`-prefixed)
// stays text. A string that is not a literal reads nothing the compiler can know.

import type { KnownKeys } from './state-flow.js'

type Letter =
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f'
  | 'g'
  | 'h'
  | 'i'
  | 'j'
  | 'k'
  | 'l'
  | 'm'
  | 'n'
  | 'o'
  | 'p'
  | 'q'
  | 'r'
  | 's'
  | 't'
  | 'u'
  | 'v'
  | 'w'
  | 'x'
  | 'y'
  | 'z'
  | '_'
type Head = Letter | Uppercase<Letter>
type Tail = Head | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'

type IsIdentifierTail<S extends string> = S extends ''
  ? true
  : S extends `${infer C}${infer Rest}`
    ? C extends Tail
      ? IsIdentifierTail<Rest>
      : false
    : false
type IsIdentifier<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends Head
    ? IsIdentifierTail<Rest>
    : false
  : false
type Bare<S extends string> = S extends `${'app' | 'user' | 'temp'}:${infer Key}` ? Key : S

type TrimStart<S extends string> = S extends `${' ' | '\n' | '\t'}${infer Rest}` ? TrimStart<Rest> : S
type TrimEnd<S extends string> = S extends `${infer Rest}${' ' | '\n' | '\t'}` ? TrimEnd<Rest> : S
type Trim<S extends string> = TrimEnd<TrimStart<S>>

/** One brace group's content as `{ key, optional }`, or `never` when it is not a template variable. */
type Variable<Body extends string> =
  Trim<Body> extends `${infer Key}?`
    ? IsIdentifier<Bare<Trim<Key>>> extends true
      ? { readonly key: Trim<Key>; readonly optional: true }
      : never
    : IsIdentifier<Bare<Trim<Body>>> extends true
      ? { readonly key: Trim<Body>; readonly optional: false }
      : never

/** The variables of a template, as a union of `{ key, optional }`. */
export type TemplateVariables<S extends string> = S extends `${string}{${infer After}`
  ? After extends `{${infer Rest}`
    ? TemplateVariables<Rest>
    : After extends `${infer Body}}${infer Rest}`
      ? Body extends `${string}{${infer Inner}`
        ? TemplateVariables<`{${Inner}}${Rest}`>
        : Variable<Body> | TemplateVariables<Rest>
      : never
  : never

/** The keys a literal template needs (`{key}`); `never` for a string known only at run time. */
export type TemplateRequiredKeys<S> = string extends S
  ? never
  : S extends string
    ? Extract<TemplateVariables<S>, { readonly optional: false }>['key']
    : never

/**
 * The keys an instruction requires: `{key}` in a literal string, or the keys a `P` prompt or `C` spec carries in its
 * type (a prompt's `{key}` in literal texts outside `P.when` — `P.fromState` and `{key?}` keys are optional, never
 * required; a context spec's `C.fromState` keys and `C.template` `{key}` keys).
 */
export type InstructionRequiredKeys<I> =
  | TemplateRequiredKeys<I>
  | (I extends string ? never : I extends { '~reads'?(keys: infer R): void } ? KnownKeys<R> : never)
