import { isBaseAgent, type BaseAgent } from '../agents/base-agent.js'
import type { BasePlugin } from '../plugins/base-plugin.js'
import { ConfigError, type ConfigIssueInit } from '../errors/config-error.js'
import { brandSymbol, hasBrand } from '../util/brand.js'
import { describeValue } from '../util/describe-value.js'
import type { ResumabilityConfig } from './resumability-config.js'

const appBrand = brandSymbol('app')
const appNamePattern = /^[a-zA-Z][a-zA-Z0-9_-]*$/

/** Options of {@link App}. */
export interface AppOptions {
  name: string
  rootAgent: BaseAgent
  plugins?: readonly BasePlugin[]
  resumabilityConfig?: ResumabilityConfig
}

/** Why `name` cannot name an app, or `undefined`. */
function appNameIssue(name: unknown): string | undefined {
  if (typeof name !== 'string' || !appNamePattern.test(name)) {
    return `Invalid app name '${String(name)}': an app name starts with a letter and holds only letters, digits, underscores and dashes.`
  }
  if (name === 'user') return `Invalid app name 'user': it is reserved for end-user input.`
  return undefined
}

/** Throws a {@link ConfigError} when `name` cannot name an app (`@google/adk`'s rule: `^[a-zA-Z][a-zA-Z0-9_-]*$`, not `user`). */
export function validateAppName(name: string): void {
  const issue = appNameIssue(name)
  if (issue) throw new ConfigError([{ code: 'app_name_invalid', path: ['App', 'name'], message: issue }])
}

/**
 * An application (`@google/adk`'s `App`): a root agent with the plugins and the resumability every runner of it
 * uses. `new Runner({ app, sessionService })` takes its name, agent, plugins and resumability from it.
 */
export class App {
  readonly name: string
  readonly rootAgent: BaseAgent
  readonly plugins: readonly BasePlugin[]
  readonly resumabilityConfig: ResumabilityConfig | undefined

  constructor(options: AppOptions) {
    const issues: ConfigIssueInit[] = []
    if (typeof options !== 'object' || options === null) {
      throw new ConfigError([
        {
          code: 'options_invalid',
          path: ['App'],
          message: `new App() needs an options object { name, rootAgent }, got ${describeValue(options)}.`,
        },
      ])
    }
    const nameIssue = appNameIssue(options.name)
    if (nameIssue) issues.push({ code: 'app_name_invalid', path: ['App', 'name'], message: nameIssue })
    if (options.rootAgent === undefined || options.rootAgent === null) {
      issues.push({ code: 'option_missing', path: ['App', 'rootAgent'], message: 'rootAgent must be provided.' })
    } else if (!isBaseAgent(options.rootAgent)) {
      issues.push({
        code: 'agent_invalid',
        path: ['App', 'rootAgent'],
        message: `rootAgent must be a BaseAgent instance, got ${describeValue(options.rootAgent)}.`,
      })
    }
    const config = options.resumabilityConfig
    if (config !== undefined && (typeof config !== 'object' || typeof config?.isResumable !== 'boolean')) {
      issues.push({
        code: 'boolean_invalid',
        path: ['App', 'resumabilityConfig'],
        message: `resumabilityConfig must be { isResumable: boolean }, got ${describeValue(config)}.`,
      })
    }
    if (issues.length > 0) throw new ConfigError(issues)
    Object.defineProperty(this, appBrand, { value: true })
    this.name = options.name
    this.rootAgent = options.rootAgent
    this.plugins = Object.freeze([...(options.plugins ?? [])])
    this.resumabilityConfig = config
  }
}

/** True for an {@link App}, whichever module instance created it. */
export function isApp(value: unknown): value is App {
  return hasBrand(value, appBrand)
}
