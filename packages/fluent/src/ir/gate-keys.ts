/** The state keys of a `gate(pred, { key })`: the flag it raises, the message it shows, and the approval it waits for. */
export interface GateKeys {
  /** `true` while the gate is closed and waiting. */
  readonly waiting: string
  /** The message the gate answered with. */
  readonly message: string
  /** Set by the user (`{ state: { [approved]: true } }`) to pass the gate. */
  readonly approved: string
}

/** The one place that names a gate's keys: `key`, `${key}_message`, `${key}_approved`. */
export function gateKeys(key: string): GateKeys {
  return { waiting: key, message: `${key}_message`, approved: `${key}_approved` }
}
