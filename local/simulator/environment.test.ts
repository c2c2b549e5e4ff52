import { describe, expect, it } from 'vitest';
import { Cabinet, CABINET_PROFILES, Door, Fryer, Room, type CabinetProfile, type CabinetProfileName } from './environment';
import { localHour } from './local-time';
import { seededRandom } from './random';
import { combinePaths, relax, relaxLagged, timeToReach } from './thermal';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse('2026-03-02T00:00:00Z');
const TIME_ZONE = 'Europe/London';

const kitchen = () => new Room({ id: 'kitchen', mean: 22, swing: 3, timeZone: TIME_ZONE });

/** The air temperature every `stepMs` for `hours`, with whether the compressor ran. */
function trace(cabinet: Cabinet, hours: number, stepMs = 30_000): { at: number; air: number; product: number; running: boolean; defrosting: boolean }[] {
  const samples = [];
  for (let at = START; at <= START + hours * HOUR; at += stepMs) {
    cabinet.advanceTo(at);
    samples.push({ at, air: cabinet.airTemperature(), product: cabinet.productTemperature(), running: cabinet.compressorRunning, defrosting: cabinet.defrosting });
  }
  return samples;
}

const cabinetOf = (profile: CabinetProfileName, seed = 7, door?: Door) =>
  new Cabinet({ id: profile, profile, room: 'kitchen', ...(door ? { door: 'door' } : {}) }, kitchen(), door, seededRandom(seed), START);

describe('thermal maths', () => {
  it('combines paths into one pull and relaxes exactly', () => {
    // Prepare: the room at 20 °C over 120 min, the evaporator at -6 °C over 15 min.
    const { drive, tauMs } = combinePaths([{ drive: 20, minutes: 120 }, { drive: -6, minutes: 15 }]);
    // Assess: conductances add, the drive is their weighted mean.
    expect(tauMs / MINUTE).toBeCloseTo(1 / (1 / 120 + 1 / 15), 6);
    expect(drive).toBeCloseTo((20 / 120 - 6 / 15) / (1 / 120 + 1 / 15), 6);
    const reach = timeToReach(4, drive, tauMs, 2);
    expect(reach).toBeGreaterThan(0);
    expect(relax(4, drive, tauMs, reach ?? 0)).toBeCloseTo(2, 9);
    // Never reached: the target is beyond the drive.
    expect(timeToReach(4, 10, tauMs, 2)).toBeUndefined();
  });

  it('a lagged probe follows the body slowly, ending where the body ends', () => {
    const body = 6;
    const drive = 2;
    const after10 = relaxLagged(5, body, drive, 10 * MINUTE, 40 * MINUTE, 10 * MINUTE);
    const bodyAfter10 = relax(body, drive, 10 * MINUTE, 10 * MINUTE);
    // The probe moved less than the body did.
    expect(Math.abs(after10 - 5)).toBeLessThan(Math.abs(bodyAfter10 - body));
    expect(relaxLagged(5, body, drive, 10 * MINUTE, 40 * MINUTE, 100 * HOUR)).toBeCloseTo(drive, 6);
  });
});

describe('Cabinet', () => {
  it('a walk-in cooler cycles its compressor between cut-out and cut-in (a saw-tooth around 3 °C)', () => {
    const samples = trace(cabinetOf('walkInCooler'), 12);
    const airs = samples.map((sample) => sample.air);
    const mean = airs.reduce((sum, value) => sum + value, 0) / airs.length;
    const starts = samples.filter((sample, index) => index > 0 && sample.running && !samples[index - 1]?.running).length;
    expect(Math.min(...airs)).toBeGreaterThan(1.4);
    expect(Math.max(...airs)).toBeLessThan(4.6);
    expect(mean).toBeGreaterThan(2.5);
    expect(mean).toBeLessThan(3.5);
    // Cycles of 15-25 minutes: dozens in 12 hours.
    expect(starts).toBeGreaterThan(20);
    expect(starts).toBeLessThan(60);
  });

  it('a walk-in freezer defrosts every 6 to 8 hours, warming to about -5 °C for 20 to 30 minutes', () => {
    const samples = trace(cabinetOf('walkInFreezer'), 30);
    const defrostStarts = samples.filter((sample, index) => sample.defrosting && !samples[index - 1]?.defrosting).map((sample) => sample.at);
    expect(defrostStarts.length).toBeGreaterThanOrEqual(3);
    for (let index = 1; index < defrostStarts.length; index += 1) {
      const gap = ((defrostStarts[index] ?? 0) - (defrostStarts[index - 1] ?? 0)) / HOUR;
      expect(gap).toBeGreaterThanOrEqual(6 - 0.01);
      expect(gap).toBeLessThanOrEqual(8 + 0.01);
    }
    for (const startedAt of defrostStarts) {
      const endedAt = samples.find((sample) => sample.at > startedAt && !sample.defrosting)?.at ?? Number.POSITIVE_INFINITY;
      const minutes = (endedAt - startedAt) / MINUTE;
      expect(minutes).toBeGreaterThanOrEqual(19.5);
      expect(minutes).toBeLessThanOrEqual(30.5);
      const peak = Math.max(...samples.filter((sample) => sample.at >= startedAt && sample.at <= startedAt + HOUR).map((sample) => sample.air));
      expect(peak).toBeGreaterThan(-8);
      expect(peak).toBeLessThan(-2);
    }
    // Between defrosts it holds its band.
    const settled = samples.filter((sample) => !sample.defrosting && defrostStarts.every((at) => sample.at < at || sample.at > at + 90 * MINUTE));
    expect(Math.max(...settled.map((sample) => sample.air))).toBeLessThan(-17.5);
    expect(Math.min(...settled.map((sample) => sample.air))).toBeGreaterThan(-22.5);
  });

  it('a vaccine fridge holds the glycol probe near 5 °C, smoother than the air', () => {
    const samples = trace(cabinetOf('vaccineFridge'), 24).slice(240);
    const glycol = samples.map((sample) => sample.product);
    const air = samples.map((sample) => sample.air);
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    const mean = glycol.reduce((sum, value) => sum + value, 0) / glycol.length;
    expect(Math.min(...glycol)).toBeGreaterThan(2);
    expect(Math.max(...glycol)).toBeLessThan(8);
    expect(mean).toBeGreaterThan(4.6);
    expect(mean).toBeLessThan(5.4);
    expect(spread(glycol)).toBeLessThan(spread(air) / 2);
  });

  it('a hot holding cabinet heats and holds between 66 and 70 °C', () => {
    const samples = trace(cabinetOf('hotHolding'), 12).slice(120);
    expect(Math.min(...samples.map((sample) => sample.air))).toBeGreaterThan(65);
    expect(Math.max(...samples.map((sample) => sample.air))).toBeLessThan(71);
  });

  it('every profile keeps its band on average (the physics of each preset are sound)', () => {
    for (const name of Object.keys(CABINET_PROFILES) as CabinetProfileName[]) {
      const profile: CabinetProfile = CABINET_PROFILES[name];
      const samples = trace(cabinetOf(name, 3), 8, 60_000);
      const mean = samples.reduce((sum, sample) => sum + sample.air, 0) / samples.length;
      expect(mean, name).toBeGreaterThan(profile.low - (profile.defrost ? 1 : 0.6));
      expect(mean, name).toBeLessThan(profile.high + (profile.defrost ? 2.5 : 0.6));
    }
  });
});

describe('Door', () => {
  const doorSpec = { id: 'door', opensPerHour: 5, openSeconds: [15, 90] as const, businessHours: [7, 22] as const, timeZone: TIME_ZONE };

  it('opens a few times an hour in business hours only, for 15 to 90 seconds', () => {
    const door = new Door(doorSpec, seededRandom(11), START);
    const openings: { openAt: number; closeAt: number }[] = [];
    let at = START;
    while (at < START + 48 * HOUR) {
      const openAt = door.nextChange(at);
      const closeAt = door.nextChange(openAt);
      if (openAt >= START + 48 * HOUR) break;
      expect(door.isOpen(openAt)).toBe(true);
      expect(door.isOpen(closeAt)).toBe(false);
      openings.push({ openAt, closeAt });
      at = closeAt;
    }
    for (const { openAt, closeAt } of openings) {
      const hour = localHour(openAt, TIME_ZONE);
      expect(hour).toBeGreaterThanOrEqual(7);
      expect(hour).toBeLessThan(22);
      expect((closeAt - openAt) / 1000).toBeGreaterThanOrEqual(15);
      expect((closeAt - openAt) / 1000).toBeLessThanOrEqual(90);
    }
    // Two business days of 15 hours at about 5 an hour.
    expect(openings.length).toBeGreaterThan(2 * 15 * 3);
    expect(openings.length).toBeLessThan(2 * 15 * 7);
  });

  it('each opening warms the fridge behind it a little', () => {
    const door = new Door(doorSpec, seededRandom(5), START);
    const cabinet = cabinetOf('walkInCooler', 9, door);
    let at = START + 8 * HOUR;
    const rises: number[] = [];
    for (let count = 0; count < 20; count += 1) {
      const openAt = door.nextChange(at);
      const closeAt = door.nextChange(openAt);
      cabinet.advanceTo(openAt);
      const before = cabinet.airTemperature();
      cabinet.advanceTo(closeAt);
      rises.push(cabinet.airTemperature() - before);
      at = closeAt;
    }
    // Warmer after nearly every opening (a compressor starting at the same moment may win a short one), never by much.
    expect(rises.filter((rise) => rise > 0).length).toBeGreaterThanOrEqual(16);
    expect(Math.max(...rises)).toBeLessThan(3);
  });
});

describe('Fryer', () => {
  it('heats for service and its oil degrades with each frying hour until it is changed', () => {
    const fryer = new Fryer({
      id: 'fryer', room: 'kitchen', serviceHours: [11, 22], setpoint: 178, freshPolarMaterial: 6, polarMaterialPerHour: 0.8, oilChangeDays: 2, timeZone: 'UTC',
    }, new Room({ id: 'kitchen', mean: 22, swing: 3, timeZone: 'UTC' }));
    const day = Date.parse('2026-03-04T00:00:00Z');
    expect(fryer.oilTemperature(day + 15 * HOUR)).toBeGreaterThan(175);
    expect(fryer.oilTemperature(day + 5 * HOUR)).toBeLessThan(30);
    const morning = fryer.polarMaterial(day + 11 * HOUR);
    const evening = fryer.polarMaterial(day + 21 * HOUR);
    expect(evening - morning).toBeCloseTo(8, 6);
  });
});
