import { meanKineticTemperature, MKT_ACTIVATION_KELVIN } from '../alarms/insight';

/**
 * Mean kinetic temperature of a vaccine report (issue 34 section 2.7; ΔH/R = 10,000 K, the
 * formula the insight dashboard already uses, domain/alarms/insight.ts): each reading holds
 * until the next one, at most `maxHoldMs` (the logging interval checked: a longer gap is time
 * not covered, never interpolated), and the last one until the end of the period, at most as
 * long. Check values: constant 25 °C gives 25.00; equal time at 20 and 30 °C gives 26.26;
 * 22 h at 5 °C and 2 h at 12 °C gives 5.87.
 */
export { MKT_ACTIVATION_KELVIN };

export interface TimedCelsius {
  /** ms since the epoch. */
  time: number;
  celsius: number;
}

export interface MktPeriod {
  from: number;
  to: number;
  /** The longest a reading stands for (the vaccine report checks at most 30 minutes between readings). */
  maxHoldMs: number;
}

/** At most 30 minutes between readings (issue 34 section 2.7: the logging interval checked). */
export const VACCINE_MAX_LOGGING_INTERVAL_MS = 30 * 60 * 1000;

/** The time-weighted mean kinetic temperature in °C of readings within [from, to), or undefined when they cover no time. */
export function meanKineticTemperatureOfReadings(readings: readonly TimedCelsius[], period: MktPeriod): number | undefined {
  const inPeriod = readings.filter((reading) => reading.time >= period.from && reading.time < period.to).sort((a, b) => a.time - b.time);
  const points = inPeriod.map((reading, index) => {
    const next = inPeriod[index + 1]?.time ?? period.to;
    return { celsius: reading.celsius, weight: Math.min(next - reading.time, period.maxHoldMs) };
  });
  return meanKineticTemperature(points);
}
