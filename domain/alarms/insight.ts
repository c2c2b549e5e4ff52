/**
 * The insight dashboard's figures for one channel over a period (issue 13 section 3): time in
 * range, minimum, maximum, time-weighted mean and, for vaccine fridges, the mean kinetic
 * temperature. Pure functions of readings; each reading stands for the time until the next one
 * (the last for no time), so an irregular reporting rhythm does not skew the figures.
 */

/** ΔH/R for the mean kinetic temperature, in kelvin (the pharmacopoeias' 83.144 kJ/mol). */
export const MKT_ACTIVATION_KELVIN = 10_000;
const KELVIN_AT_ZERO_CELSIUS = 273.15;

export interface WeightedTemperature {
  celsius: number;
  /** How long the temperature held, in any unit (the same for all points). */
  weight: number;
}

/**
 * Mean kinetic temperature in °C: the single temperature that would age a product as much as
 * the varying ones did. Undefined for no time at all.
 */
export function meanKineticTemperature(points: readonly WeightedTemperature[]): number | undefined {
  let totalWeight = 0;
  let weightedSum = 0;
  for (const { celsius, weight } of points) {
    if (weight <= 0) continue;
    totalWeight += weight;
    weightedSum += weight * Math.exp(-MKT_ACTIVATION_KELVIN / (celsius + KELVIN_AT_ZERO_CELSIUS));
  }
  if (totalWeight === 0) return undefined;
  return MKT_ACTIVATION_KELVIN / -Math.log(weightedSum / totalWeight) - KELVIN_AT_ZERO_CELSIUS;
}

export interface TimedValue {
  /** The reading's own time, ms since the epoch. */
  time: number;
  value: number;
}

export interface ChannelInsight {
  /** Share of the covered time spent within [min, max], 0-100. */
  timeInRangePercent: number;
  min: number;
  max: number;
  /** Time-weighted mean. */
  mean: number;
  meanKinetic: number;
}

/**
 * The figures of one channel's readings within [from, to): each reading holds until the next
 * one, at most `maxHoldMs` (a gap longer than that is time not covered, not time in range).
 */
export function channelInsight(
  readings: readonly TimedValue[],
  range: { min: number; max: number },
  period: { from: number; to: number; maxHoldMs: number },
): ChannelInsight | undefined {
  const sorted = readings.filter((reading) => reading.time >= period.from && reading.time < period.to).sort((a, b) => a.time - b.time);
  if (sorted.length === 0) return undefined;
  let covered = 0;
  let inRange = 0;
  let weightedSum = 0;
  const points: WeightedTemperature[] = [];
  for (const [index, reading] of sorted.entries()) {
    const next = sorted[index + 1]?.time ?? period.to;
    const hold = Math.min(next - reading.time, period.maxHoldMs);
    covered += hold;
    weightedSum += hold * reading.value;
    if (reading.value >= range.min && reading.value <= range.max) inRange += hold;
    points.push({ celsius: reading.value, weight: hold });
  }
  const values = sorted.map((reading) => reading.value);
  const mean = covered === 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : weightedSum / covered;
  return {
    timeInRangePercent: covered === 0 ? (values.every((value) => value >= range.min && value <= range.max) ? 100 : 0) : (100 * inRange) / covered,
    min: Math.min(...values),
    max: Math.max(...values),
    mean,
    meanKinetic: meanKineticTemperature(covered === 0 ? values.map((celsius) => ({ celsius, weight: 1 })) : points) ?? mean,
  };
}
