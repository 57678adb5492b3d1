/** Prompt composition: `P.role()`, `P.task()`, `P.when()`, `P.fromState()`, … compiled by `compilePrompt()`. */
export * as P from './prompt/index.js'
/** Context engineering: `C.none()`, `C.window()`, `C.fromState()`, … compiled by `compileContext()`. */
export * as C from './context/index.js'
/** State transforms: `S.pick()`, `S.set()`, `S.merge()`, … each returning a delta. */
export * as S from './state/index.js'
/** Tools: `T.fn()`, `T.agent()`, `T.mock()`, `T.confirm()`, `T.timeout()`, turned into core tools by `toTools()`. */
export * as T from './tools/index.js'
/** Artifact operations: `A.publish()`, `A.snapshot()`, `A.save()`, `A.load()`, `A.list()`, `A.delete()`. */
export * as A from './artifacts/index.js'
/** Guards around model calls: `G.pii()`, `G.length()`, `G.regex()`, `G.judge()`, composed with `.add`. */
export * as G from './guards/index.js'
/** Middleware (core plugins): `M.retry()`, `M.log()`, `M.latency()`, `M.cost()`, `M.circuitBreaker()`. */
export * as M from './middleware/index.js'
