/** The status of a workflow node (ADK 2.0 `NodeStatus`; numbers as in ADK Python, so stored states are portable). */
export enum NodeStatus {
  /** Not ready to run. */
  INACTIVE = 0,
  /** Ready to run. */
  PENDING = 1,
  /** Running. */
  RUNNING = 2,
  /** Finished. */
  COMPLETED = 3,
  /** Waiting for an answer (a pause) or for more input. */
  WAITING = 4,
  /** Failed. */
  FAILED = 5,
  /** Cancelled. */
  CANCELLED = 6,
}
