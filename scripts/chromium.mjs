// Debian's Chromium and the flags the dev UI's browser checks launch it with (headless, no sandbox, no GPU, nothing
// that reaches the network on its own). Shared by the browser tests and scripts/installed-smoke.mjs.

/** Debian's Chromium (`apt-get install -y chromium`; `.ci/run` installs it). */
export const chromiumPath = '/usr/bin/chromium'

export const chromiumFlags = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
])
