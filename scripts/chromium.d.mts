/** Debian's Chromium (`apt-get install -y chromium`; `.ci/run` installs it). */
export declare const chromiumPath: string
/** The flags the dev UI's browser checks launch Chromium with. */
export declare const chromiumFlags: readonly string[]
