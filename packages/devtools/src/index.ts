// @adk-fluent/devtools: the `adk-fluent` command line, the dev UI and ADK's HTTP API server.
export {}
