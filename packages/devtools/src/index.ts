// @adk-fluent/devtools: the `adk-fluent` command line, the dev UI and ADK's HTTP API server.
export { startAdkApiServer } from './api-server/adk-api-server.js'
export type { AdkApiServer, AdkApiServerOptions } from './api-server/adk-api-server.js'
export type { AdkApiApp } from './api-server/api-apps.js'
export { ApiRequestError } from './api-server/api-request-error.js'
export type { ApiRequestErrorCode } from './api-server/api-request-error.js'
export { AdkWebMissingError } from './api-server/adk-web-assets.js'
