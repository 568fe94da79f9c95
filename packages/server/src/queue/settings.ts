import type { MatchWindowRule } from '@skyline/protocol';

/** "Play now"'s settings (docs/operating.md, "Play now"); every one has a default. */
export interface QueueSettings {
  /** Rating points two players of one table may be apart when they join (`MATCH_WINDOW_START`). */
  windowStart: number;
  /** Points the window widens by each `windowStepSeconds` waited (`MATCH_WINDOW_STEP`). */
  windowStep: number;
  /** Seconds between two widenings (`MATCH_WINDOW_STEP_SECONDS`). */
  windowStepSeconds: number;
  /** The widest the window gets (`MATCH_WINDOW_MOST`). */
  windowMost: number;
  /**
   * Seconds after which a waiting player no process has seen connected leaves the queue (`QUEUE_STALE_SECONDS`): the
   * heartbeat of a process that died stops, and nobody waits on a person who is gone.
   */
  staleSeconds: number;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  windowStart: 100,
  windowStep: 50,
  windowStepSeconds: 10,
  windowMost: 600,
  staleSeconds: 30,
};

/** The window's rule as the protocol tells it to the page. */
export function windowRule(settings: QueueSettings): MatchWindowRule {
  return {
    start: settings.windowStart,
    step: settings.windowStep,
    everySeconds: settings.windowStepSeconds,
    most: settings.windowMost,
  };
}
