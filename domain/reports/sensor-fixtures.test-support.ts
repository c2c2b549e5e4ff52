import { celsiusAtSlot, iso, SLOTS, slotTime } from './report-fixtures.test-support';
import type { DeviceReportReading } from './sensor-readings';

/**
 * The known fleet day of report-fixtures.test-support.ts (a fridge in Paris on 29 March 2026,
 * 23 hours, read every 15 minutes) as the sensor reports read it: each reading with its battery,
 * signal, SNR and arrival. In it, besides that day's gap (slots 60-67), probe-missing reading
 * (slot 80) and disabled reading (slot 0 + 7 minutes; RSSI -95, SNR 7, no battery):
 * - the battery falls by 0.05 % a slot from 90 % (4.8 % a day of 96 slots);
 * - the RSSI is -95 dBm (SNR 7 dB) but weak at slots 50-53 (back at 54), at slot 59 (the gap
 *   follows) and at slots 88-91 (to the day's end); the SNR is 1 dB at weak slots;
 * - every reading arrives 30 s after its time, except the late batch (slots 20-30), which arrives
 *   together at slot 33's time plus 45 s (after slot 33's reading).
 * The model reports every 15 minutes: its online window is 3 × 15 + 10 = 55 minutes.
 */

export const REPORT_SECONDS = 15 * 60;
export const ONLINE_WINDOW_MS = 55 * 60 * 1000;
export const LATE_BATCH = { first: 20, last: 30, arrivedAt: slotTime(33) + 45_000 } as const;

const WEAK: Readonly<Record<number, number>> = { 50: -115, 51: -118, 52: -112, 53: -116, 59: -111, 88: -113, 89: -114, 90: -117, 91: -112 };

export const batteryAtSlot = (slot: number): number => 90 - slot * 0.05;
export const signalAtSlot = (slot: number): number => WEAK[slot] ?? -95;
export const snrAtSlot = (slot: number): number => (WEAK[slot] === undefined ? 7 : 1);

const isLate = (slot: number) => slot >= LATE_BATCH.first && slot <= LATE_BATCH.last;
export const arrivalOfSlot = (slot: number): number => (isLate(slot) ? LATE_BATCH.arrivedAt : slotTime(slot) + 30_000);

/** The slots that arrived (not the gap), whatever their value. */
export const arrivedSlots = (): number[] => Array.from({ length: SLOTS }, (_, slot) => slot).filter((slot) => celsiusAtSlot(slot) !== undefined);

/** The day's readings as the data layer reads them: the late batch last, the disabled one before it. */
export function deviceDayReadings(): DeviceReportReading[] {
  const reading = (slot: number): DeviceReportReading => ({
    time: iso(slotTime(slot)),
    channels: { '1': celsiusAtSlot(slot) ?? null },
    battery: batteryAtSlot(slot),
    signal: signalAtSlot(slot),
    snr: snrAtSlot(slot),
    receivedAt: iso(arrivalOfSlot(slot)),
  });
  const onTime = arrivedSlots().filter((slot) => !isLate(slot)).map(reading);
  const late = arrivedSlots().filter(isLate).map(reading);
  const disabledAt = slotTime(0) + 7 * 60 * 1000;
  const disabled: DeviceReportReading = {
    time: iso(disabledAt), channels: { '1': 30 }, signal: -95, snr: 7, receivedAt: iso(disabledAt + 30_000), disabled: true,
  };
  return [...onTime, disabled, ...late];
}
