/**
 * First-order heat transfer, solved exactly. A body (the air in a fridge) exchanges heat
 * along paths (the walls to the room, the compressor's evaporator, an open door, a defrost
 * heater); each path pulls it toward its `drive` temperature with a time constant. While
 * the active paths do not change, the body relaxes exponentially toward their combined
 * drive, so the simulator jumps from one change to the next instead of stepping a clock.
 */
export interface HeatPath {
  /** The temperature this path pulls toward, °C. */
  drive: number;
  /** Its time constant alone, in minutes (smaller pulls harder). */
  minutes: number;
}

const MINUTE_MS = 60_000;

/** The paths together: conductances add, the drive is their weighted mean. */
export function combinePaths(paths: readonly HeatPath[]): { drive: number; tauMs: number } {
  let conductance = 0;
  let weighted = 0;
  for (const path of paths) {
    conductance += 1 / path.minutes;
    weighted += path.drive / path.minutes;
  }
  if (conductance === 0) throw new Error('a body needs at least one heat path');
  return { drive: weighted / conductance, tauMs: MINUTE_MS / conductance };
}

/** The value after `elapsedMs` of relaxing toward `drive`. */
export function relax(value: number, drive: number, tauMs: number, elapsedMs: number): number {
  return drive + (value - drive) * Math.exp(-elapsedMs / tauMs);
}

/** How long until the value reaches `target` relaxing toward `drive`, or undefined when it never does. */
export function timeToReach(value: number, drive: number, tauMs: number, target: number): number | undefined {
  if (value === target) return 0;
  const remaining = (target - drive) / (value - drive);
  // The target must lie between the value and the drive (strictly before the drive).
  if (!(remaining > 0 && remaining < 1)) return undefined;
  return -tauMs * Math.log(remaining);
}

/**
 * A probe that lags the body (a glycol bottle, food in a fridge) with its own time constant,
 * while the body relaxes from `body` toward `drive`: the exact solution of the pair.
 */
export function relaxLagged(
  probe: number,
  body: number,
  drive: number,
  bodyTauMs: number,
  probeTauMs: number,
  elapsedMs: number,
): number {
  // Equal time constants make the closed form divide by zero; nudge one (the difference is invisible).
  const probeTau = Math.abs(probeTauMs - bodyTauMs) < 1 ? probeTauMs + 1 : probeTauMs;
  const bodyStart = body - drive;
  const forced = (bodyStart * bodyTauMs) / (bodyTauMs - probeTau);
  const free = probe - drive - forced;
  return drive + forced * Math.exp(-elapsedMs / bodyTauMs) + free * Math.exp(-elapsedMs / probeTau);
}
