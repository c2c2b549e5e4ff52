import { DAY_MS, HOUR_MS, localDay, localHour, nextWithinHours, withinHours } from './local-time';
import type { Random } from './random';
import { combinePaths, relax, relaxLagged, timeToReach, type HeatPath } from './thermal';

/**
 * What the simulated sensors measure: rooms, doors, fridges and freezers, a fryer. Sensors
 * read these; a door's openings warm the cabinet it belongs to, so the door contact and the
 * fridge's temperature tell one story.
 */

const MINUTE_MS = 60_000;

export interface RoomSpec {
  id: string;
  /** Daily mean, °C. */
  mean: number;
  /** Half the day's swing, °C (warmest in the afternoon). */
  swing: number;
  timeZone: string;
}

/** A kitchen or a store room: warmer in the afternoon, cooler before dawn. */
export class Room {
  constructor(readonly spec: RoomSpec) {}

  temperatureAt(at: number): number {
    const hour = localHour(at, this.spec.timeZone);
    return this.spec.mean + this.spec.swing * Math.cos((2 * Math.PI * (hour - 15)) / 24);
  }

  /** The temperature held for the whole hour `at` is in: cabinets see the room in hourly steps, so their physics stays exact. */
  hourlyTemperature(at: number): number {
    return this.temperatureAt(Math.floor(at / HOUR_MS) * HOUR_MS + HOUR_MS / 2);
  }
}

export interface DoorSpec {
  id: string;
  /** Average openings per hour during business hours (a Poisson process). */
  opensPerHour: number;
  /** How long an opening lasts, seconds. */
  openSeconds: readonly [number, number];
  /** Local hours the door is used, [from, to). */
  businessHours: readonly [number, number];
  timeZone: string;
}

interface Opening { openAt: number; closeAt: number }

/** A door opened a few times an hour while the kitchen works, and shut at night. */
export class Door {
  private readonly openings: Opening[] = [];
  private cursor: number;

  constructor(readonly spec: DoorSpec, private readonly random: Random, start: number) {
    this.cursor = start;
  }

  /** Generates openings until one starts after `until`. */
  private extendTo(until: number): void {
    const meanGap = HOUR_MS / this.spec.opensPerHour;
    const [from, to] = this.spec.businessHours;
    while (this.cursor <= until) {
      const candidate = this.cursor + this.random.exponential(meanGap);
      if (!withinHours(candidate, this.spec.timeZone, from, to)) {
        // The process is memoryless: start afresh when business hours next begin.
        this.cursor = nextWithinHours(candidate, this.spec.timeZone, from, to);
        continue;
      }
      const openAt = Math.round(candidate);
      const closeAt = openAt + Math.round(1000 * this.random.between(this.spec.openSeconds[0], this.spec.openSeconds[1]));
      this.openings.push({ openAt, closeAt });
      this.cursor = closeAt;
    }
    // Keep the openings of the last day only: the simulation never looks further back.
    while ((this.openings[0]?.closeAt ?? Number.POSITIVE_INFINITY) < until - DAY_MS) this.openings.shift();
  }

  isOpen(at: number): boolean {
    this.extendTo(at);
    return this.openings.some((opening) => opening.openAt <= at && at < opening.closeAt);
  }

  /** The first opening or closing strictly after `after`. */
  nextChange(after: number): number {
    this.extendTo(after);
    for (const opening of this.openings) {
      if (opening.openAt > after) return opening.openAt;
      if (opening.closeAt > after) return opening.closeAt;
    }
    this.extendTo(this.cursor + 1);
    return this.nextChange(after);
  }
}

export type ThermostatMode = 'cool' | 'heat';

export interface DefrostSpec {
  /** Hours between defrosts, drawn in this range. */
  everyHours: readonly [number, number];
  /** How long the defrost lasts, minutes, drawn in this range (heating, then dripping). */
  minutes: readonly [number, number];
  heater: HeatPath;
  /** The heater stops when the air reaches this, °C (temperature-terminated defrost). */
  endsAt: number;
}

export interface CabinetProfile {
  mode: ThermostatMode;
  /** The thermostat's band, °C: cooling switches on at `high` and off at `low`; heating the reverse. */
  low: number;
  high: number;
  /** The compressor's evaporator (or the heater's element) as a heat path. */
  plant: HeatPath;
  /** Through the walls, to the room, minutes. */
  leakMinutes: number;
  /** Through the open door, to the room, minutes. */
  doorMinutes: number;
  /** How far each cycle's thresholds wander, °C (a standard deviation). */
  bandJitter: number;
  /** A probe in product or glycol lags the air with this time constant, minutes. */
  productMinutes: number;
  /** Relative humidity the air settles at, %RH (fridges only). */
  humidity: number;
  defrost?: DefrostSpec;
}

/** Realistic cabinets: time constants and bands of commercial refrigeration. */
export const CABINET_PROFILES = {
  walkInCooler: {
    mode: 'cool', low: 2, high: 4, plant: { drive: -6, minutes: 15 }, leakMinutes: 120, doorMinutes: 18,
    bandJitter: 0.12, productMinutes: 90, humidity: 84,
  },
  walkInFreezer: {
    mode: 'cool', low: -21.5, high: -18.5, plant: { drive: -32, minutes: 20 }, leakMinutes: 180, doorMinutes: 12,
    bandJitter: 0.15, productMinutes: 150, humidity: 70,
    defrost: { everyHours: [6, 8], minutes: [20, 30], heater: { drive: 5, minutes: 25 }, endsAt: -5 },
  },
  reachInFridge: {
    mode: 'cool', low: 2.5, high: 4.5, plant: { drive: -4, minutes: 10 }, leakMinutes: 60, doorMinutes: 8,
    bandJitter: 0.1, productMinutes: 45, humidity: 80,
  },
  chestFreezer: {
    mode: 'cool', low: -20, high: -17, plant: { drive: -30, minutes: 25 }, leakMinutes: 240, doorMinutes: 15,
    bandJitter: 0.15, productMinutes: 120, humidity: 65,
  },
  vaccineFridge: {
    // A pharmacy fridge keeps a tight band around 5 °C; the glycol bottle smooths the cycles away.
    mode: 'cool', low: 4, high: 6, plant: { drive: -1, minutes: 12 }, leakMinutes: 150, doorMinutes: 10,
    bandJitter: 0.08, productMinutes: 35, humidity: 60,
  },
  hotHolding: {
    mode: 'heat', low: 66, high: 70, plant: { drive: 95, minutes: 20 }, leakMinutes: 90, doorMinutes: 6,
    bandJitter: 0.3, productMinutes: 30, humidity: 40,
  },
} as const satisfies Record<string, CabinetProfile>;
export type CabinetProfileName = keyof typeof CABINET_PROFILES;

export interface CabinetSpec {
  id: string;
  profile: CabinetProfileName;
  room: string;
  door?: string;
}

type DefrostPhase = 'none' | 'heating' | 'dripping';

/**
 * A fridge, freezer or hot cabinet: its air relaxes toward the combined pull of the room,
 * the plant (when the thermostat runs it), an open door and a defrost heater; a probe in
 * the product follows the air slowly. The thermostat cycles between its thresholds (the
 * compressor's saw-tooth); a freezer defrosts every few hours. Time only moves forward.
 */
export class Cabinet {
  private time: number;
  private air: number;
  private product: number;
  private plantOn = false;
  private low: number;
  private high: number;
  private phase: DefrostPhase = 'none';
  private defrostEndsAt = Number.POSITIVE_INFINITY;
  private nextDefrostAt = Number.POSITIVE_INFINITY;
  private lastDoorOpenAt = Number.NEGATIVE_INFINITY;
  readonly profile: CabinetProfile;

  constructor(
    readonly spec: CabinetSpec,
    private readonly room: Room,
    private readonly door: Door | undefined,
    private readonly random: Random,
    start: number,
  ) {
    this.profile = CABINET_PROFILES[spec.profile];
    this.time = start;
    this.low = this.profile.low;
    this.high = this.profile.high;
    // Start somewhere in the band, product settled at the middle.
    this.air = random.between(this.profile.low, this.profile.high);
    this.product = (this.profile.low + this.profile.high) / 2;
    this.plantOn = random.next() < 0.5;
    const defrost = this.profile.defrost;
    if (defrost) this.nextDefrostAt = start + random.between(HOUR_MS, defrost.everyHours[0] * HOUR_MS);
  }

  get now(): number { return this.time; }
  get defrosting(): boolean { return this.phase !== 'none'; }
  get compressorRunning(): boolean { return this.phase === 'none' && this.plantOn; }

  private paths(): HeatPath[] {
    const room = this.room.hourlyTemperature(this.time);
    const paths: HeatPath[] = [{ drive: room, minutes: this.profile.leakMinutes }];
    if (this.door?.isOpen(this.time)) paths.push({ drive: room, minutes: this.profile.doorMinutes });
    if (this.phase === 'heating' && this.profile.defrost) paths.push(this.profile.defrost.heater);
    if (this.phase === 'none' && this.plantOn) paths.push(this.profile.plant);
    return paths;
  }

  /** The threshold the air is heading for now (the thermostat's or the defrost's), if any. */
  private threshold(): number | undefined {
    if (this.phase === 'heating') return this.profile.defrost?.endsAt;
    if (this.phase === 'dripping') return undefined;
    const cooling = this.profile.mode === 'cool';
    return this.plantOn === cooling ? this.low : this.high;
  }

  advanceTo(target: number): void {
    // Each pass runs until the next change: an hour boundary, a door, a defrost, a threshold.
    let guard = 0;
    while (this.time < target) {
      guard += 1;
      if (guard > 1_000_000) throw new Error(`cabinet ${this.spec.id} did not settle`);
      const { drive, tauMs } = combinePaths(this.paths());
      let until = Math.min(target, (Math.floor(this.time / HOUR_MS) + 1) * HOUR_MS, this.nextDefrostAt, this.defrostEndsAt);
      if (this.door) until = Math.min(until, this.door.nextChange(this.time));
      const threshold = this.threshold();
      const crossing = threshold === undefined ? undefined : timeToReach(this.air, drive, tauMs, threshold);
      let crossed = false;
      if (crossing !== undefined && this.time + crossing <= until) {
        until = this.time + crossing;
        crossed = true;
      }
      const elapsed = until - this.time;
      this.product = relaxLagged(this.product, this.air, drive, tauMs, this.profile.productMinutes * MINUTE_MS, elapsed);
      this.air = crossed && threshold !== undefined ? threshold : relax(this.air, drive, tauMs, elapsed);
      this.time = until;
      if (this.door?.isOpen(this.time)) this.lastDoorOpenAt = this.time;
      this.afterStep(crossed);
    }
  }

  private afterStep(crossed: boolean): void {
    const defrost = this.profile.defrost;
    if (defrost && this.phase === 'none' && this.time >= this.nextDefrostAt) {
      this.phase = 'heating';
      const minutes = this.random.between(defrost.minutes[0], defrost.minutes[1]);
      this.defrostEndsAt = this.time + minutes * MINUTE_MS;
      this.nextDefrostAt = this.time + this.random.between(defrost.everyHours[0], defrost.everyHours[1]) * HOUR_MS;
      return;
    }
    if (this.phase !== 'none' && this.time >= this.defrostEndsAt) {
      // Defrost over: the compressor pulls the air back down.
      this.phase = 'none';
      this.defrostEndsAt = Number.POSITIVE_INFINITY;
      this.plantOn = true;
      return;
    }
    if (this.phase === 'heating' && crossed) {
      this.phase = 'dripping';
      return;
    }
    if (this.phase === 'none' && crossed) {
      this.plantOn = !this.plantOn;
      // The next cycle's thresholds wander a little, as a mechanical thermostat's do.
      const jitter = this.profile.bandJitter;
      this.low = this.profile.low + this.random.normal(0, jitter);
      this.high = Math.max(this.low + 0.5, this.profile.high + this.random.normal(0, jitter));
    }
  }

  airTemperature(): number { return this.air; }
  productTemperature(): number { return this.product; }

  /** The air's relative humidity: higher while the compressor rests and after the door let kitchen air in. */
  relativeHumidity(): number {
    const sinceDoor = (this.time - this.lastDoorOpenAt) / MINUTE_MS;
    const doorBoost = Number.isFinite(sinceDoor) ? 10 * Math.exp(-sinceDoor / 10) : 0;
    const middle = (this.profile.low + this.profile.high) / 2;
    const value = this.profile.humidity + (this.compressorRunning ? -3 : 2) + 1.5 * (this.air - middle) + doorBoost;
    return Math.min(99, Math.max(20, value));
  }
}

export interface FryerSpec {
  id: string;
  room: string;
  /** Local hours the fryer is on, [from, to). */
  serviceHours: readonly [number, number];
  /** Oil temperature while frying, °C. */
  setpoint: number;
  /** Fresh oil's total polar material, %, and how much it gains per hour of frying. */
  freshPolarMaterial: number;
  polarMaterialPerHour: number;
  /** The oil is changed every this many days, before service. */
  oilChangeDays: number;
  timeZone: string;
}

/** A fryer heated for service each day; its oil degrades with each hour of frying until it is changed. */
export class Fryer {
  constructor(readonly spec: FryerSpec, private readonly room: Room) {}

  /** Hours of frying since the oil was last changed. */
  private fryingHours(at: number): number {
    const { timeZone, oilChangeDays } = this.spec;
    const today = localDay(at, timeZone);
    const changedOn = Math.floor(today / oilChangeDays) * oilChangeDays;
    const serviceLength = this.spec.serviceHours[1] - this.spec.serviceHours[0];
    const fullDays = today - changedOn;
    const hour = localHour(at, timeZone);
    const todayHours = Math.min(serviceLength, Math.max(0, hour - this.spec.serviceHours[0]));
    return fullDays * serviceLength + todayHours;
  }

  polarMaterial(at: number): number {
    return this.spec.freshPolarMaterial + this.spec.polarMaterialPerHour * this.fryingHours(at);
  }

  oilTemperature(at: number): number {
    const hour = localHour(at, this.spec.timeZone);
    const [from, to] = this.spec.serviceHours;
    const room = this.room.temperatureAt(at);
    if (hour >= from && hour < to) {
      // Heating up from the room with a ~8 minute time constant, then held.
      const minutesOn = (hour - from) * 60;
      return relax(room, this.spec.setpoint, 8 * MINUTE_MS, minutesOn * MINUTE_MS);
    }
    const minutesOff = ((hour - to + 24) % 24) * 60;
    return relax(this.spec.setpoint, room, 45 * MINUTE_MS, minutesOff * MINUTE_MS);
  }
}
