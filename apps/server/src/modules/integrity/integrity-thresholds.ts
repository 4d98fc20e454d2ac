// Issue 38 (decision 138): every threshold of the plausibility signals, in one place. Changing one is
// a decision: record it there.

/** check_in_far: farther than max(this, CHECK_IN_ACCURACY_FACTOR × her reported accuracy) from the point. */
export const CHECK_IN_MIN_DISTANCE_M = 150;
export const CHECK_IN_ACCURACY_FACTOR = 2;
/** weak_fix: an accuracy over this at check-in (weak evidence, not a fault). */
export const WEAK_FIX_ACCURACY_M = 100;
/** teleport: an implied speed over this between consecutive fixes… */
export const TELEPORT_SPEED_KMH = 150;
/** …skipping pairs further apart in time than this (an offline gap says nothing of speed). */
export const TELEPORT_MAX_GAP_MIN = 30;
/** frozen_fixes: this many consecutive identical coordinates, compared to this many decimals. */
export const FROZEN_RUN = 5;
export const FROZEN_DECIMALS = 6;
/** clock_skew: device and server time apart by more than this, for a request sent online. */
export const CLOCK_SKEW_MAX_S = 300;
/** left_point: fixes farther than this from the point during the action's hours… */
export const LEFT_POINT_DISTANCE_M = 500;
/** …for longer than this. */
export const LEFT_POINT_MIN = 30;
/** photo_similar: perceptual hashes (a DCT pHash) within this many of 64 bits… */
export const SIMILAR_PHOTO_MAX_BITS = 6;
/** …of her photos, or of the same point's within this many days. */
export const SIMILAR_PHOTO_DAYS = 90;
/** photo_blank: a luminance standard deviation (0–128) below this. */
export const BLANK_PHOTO_MAX_SPREAD = 4;

// Added with the position signals (decision 138).
/** frozen_fixes 'same_accuracy': one accuracy value over at least this many fixes of a day. */
export const SAME_ACCURACY_MIN_FIXES = 10;
/** clock_skew: a tap or fix time more than this ahead of the server's receipt (the network's slack). */
export const CLOCK_AHEAD_TOLERANCE_S = 60;
/**
 * clock_skew, a clock behind: this many pings in a row (by arrival), each arriving on its own — at
 * least CLOCK_ONLINE_SPACING_S after the one before, not flushed together from the outbox — all late
 * by more than CLOCK_SKEW_MAX_S and by the same amount within CLOCK_STEADY_LAG_S: a steady lag is
 * her clock, an outbox's lag grows and shrinks.
 */
export const CLOCK_BEHIND_RUN = 3;
export const CLOCK_ONLINE_SPACING_S = 60;
export const CLOCK_STEADY_LAG_S = 60;

// Added 2026-11-30 (decision 138, 'A replayed track').
/**
 * frozen_fixes 'replayed': at least this many distinct coordinates of her day (to FROZEN_DECIMALS)
 * exactly as in one earlier action's fixes at the same point. A phone's own fixes never repeat a day's
 * track to 0.1 m; wifi positioning may give one or two coordinates again, never this many.
 */
export const REPLAY_MIN_SPOTS = 8;
/** …among the same point's fixes of this many days back. */
export const REPLAY_LOOKBACK_DAYS = 90;
