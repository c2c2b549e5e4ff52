import { alarmProfileInputSchema, type AlarmProfileInput } from '@domain/alarms/alarm-profile';
import { dataLoggingProfileInputSchema } from '@domain/devices/data-logging-profile';
import type { ConnectionType, ExternalSensorType, SensorSubType, SensorType } from '@domain/devices/device-catalogue';
import { gatewayInputSchema } from '@domain/devices/gateway';
import { sensorInputSchema, type MonitoringType, type SensorInput } from '@domain/devices/sensor';
import { DomainError } from '@domain/core/errors';
import { groupFieldsOf, notificationGroupInputSchema, type NotificationGroupInput } from '@domain/notifications/notification-group';
import { queryAll, readSite, type DataTable } from '../lambdas/data';
import { AlarmProfileStore } from '../lambdas/data/repositories/alarm-profiles';
import { NotificationGroupStore } from '../lambdas/data/repositories/notification-groups';
import { DataLoggingProfileStore } from '../lambdas/data/repositories/data-logging-profiles';
import { GatewayStore } from '../lambdas/data/repositories/gateways';
import { SensorStore } from '../lambdas/data/repositories/sensors';
import { putSeedMarker, readSeedMarker } from '../lambdas/data/seed-markers';
import type { Caller } from '../lambdas/shared/caller';
import { dynamoDocumentClient } from '../lambdas/data/client';
import { DEMO_ORGANISATION, DEMO_USERS } from './demo';
import type { CabinetSpec, DoorSpec, FryerSpec, RoomSpec } from './simulator/environment';
import { simulatedGateway } from './simulator/fleet';
import type { ChannelKey, ChannelSource, FleetSpec, RecurringWindow, SimulatedChannel, SimulatedSensorSpec } from './simulator/spec';

/**
 * The demo organisation's devices (issue 5 §4): two gateways and ten sensors in Demo Foods'
 * Main Kitchen, each showing something the portal must handle, and the environment the
 * simulator makes them measure. The same list gives the records the seed writes (through
 * the gateways', sensors' and data logging profiles' own stores) and the fleet
 * `npm start` simulates, so what the portal lists is what publishes.
 *
 *   Walk-in Cooler           compressor saw-tooth 2-4 °C, humidity; warmed by its door
 *   Walk-in Cooler Door      a few openings an hour in business hours (contact 1 = open)
 *   Walk-in Freezer          -18.5..-21.5 °C, defrost to about -5 °C every 6-8 hours
 *   Vaccine Fridge           glycol probe, 5 °C ± 0.5, slow; room ambient (Wi-Fi)
 *   Reach-in Fridge Probe    the food probe drifts away from the air, 0.05 °C an hour
 *   Prep Fridge              its battery drains toward low battery
 *   Chest Freezer Probe      the probe is unplugged for 45 minutes every 6 hours (null)
 *   Dry Store                falls silent for 3 hours twice a day (goes offline)
 *   Hot Holding Cabinet      four thermocouples, 66-70 °C heater cycles
 *   Fryer Oil                polar material climbing with frying hours until the oil is changed (Wi-Fi)
 * The LoRaWAN gateway loses its backhaul for 20 minutes every 4 hours and then sends what
 * it buffered in one late batch.
 *
 * Each device has the alarm profile of what it is (`DEMO_ALARM_PROFILES`), so the faults
 * above raise real alarms (the unplugged probe, the silent dry store, the drifting food probe,
 * the draining battery, the gateway's outage) and the walk-in freezer's defrost does not.
 */

const TIME_ZONE = DEMO_ORGANISATION.site.timezone;

export interface DemoLoggingProfile {
  /** A fixed id, so the seed is idempotent and sensors can name it. */
  id: string;
  name: string;
  description: string;
  intervalMinutes: number;
  deviation: number;
}

export const DEMO_LOGGING_PROFILES: readonly DemoLoggingProfile[] = [
  { id: 'demo-dlp-standard', name: 'Standard 5 minutes', description: 'Every 5 minutes; at once on a move of 0.5', intervalMinutes: 5, deviation: 0.5 },
  { id: 'demo-dlp-vaccine', name: 'Vaccine storage', description: 'Every 5 minutes; at once on a move of 0.2', intervalMinutes: 5, deviation: 0.2 },
  { id: 'demo-dlp-oil', name: 'Fryer oil 10 minutes', description: 'Every 10 minutes; at once on a move of 1', intervalMinutes: 10, deviation: 1 },
];

/**
 * A demo alarm profile: a fixed key the devices name (the seed finds or makes the profile by
 * its name). Names take no unit signs (ENTITY_NAME_PATTERN): the limits are in the description.
 */
export interface DemoAlarmProfile {
  id: string;
  form: AlarmProfileInput;
}

/** Every profile also warns of a battery under 20 % (a year's life); the delays follow what each cabinet does normally. */
const battery = { batteryThresholdPercent: 20, batteryLifeDays: 365 } as const;
const snooze = { notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3 } as const;

export const DEMO_ALARM_PROFILES: readonly DemoAlarmProfile[] = [
  {
    id: 'demo-ap-cooler',
    form: {
      name: 'Walk-in cooler', description: 'Chilled storage: out of 0-5 °C for 30 minutes (a door opening does not last that long), silent, or a low battery',
      types: ['outOfRange', 'inactivity', 'lowBattery'], alarmDelayMinutes: 30, ...snooze, min: 0, max: 5, ...battery,
    },
  },
  {
    // The simulator's walk-in freezer defrosts for 20-30 minutes up to about -5 °C and pulls down in about 10: above -15 °C for at most about 40 minutes.
    id: 'demo-ap-freezer',
    form: {
      name: 'Walk-in freezer', description: 'Frozen storage: out of -25..-15 °C for 60 minutes (longer than a defrost and its pull-down), silent, or a low battery',
      types: ['outOfRange', 'inactivity', 'lowBattery'], alarmDelayMinutes: 60, ...snooze, min: -25, max: -15, ...battery,
    },
  },
  {
    id: 'demo-ap-vaccine',
    form: {
      name: 'Vaccine fridge', description: 'Vaccines: out of 2-8 °C at once, the probe missing, silent, or a low battery',
      types: ['outOfRange', 'probeMissing', 'inactivity', 'lowBattery'], alarmDelayMinutes: 0, ...snooze, snoozeIntervalMinutes: 15, min: 2, max: 8, deadband: 0.2, ...battery,
    },
  },
  {
    id: 'demo-ap-door',
    form: {
      name: 'Door open over 10 minutes', description: 'A door left open for 10 minutes, silent, or a low battery',
      types: ['stateChange', 'inactivity', 'lowBattery'], alarmDelayMinutes: 10, ...snooze, ...battery,
    },
  },
  {
    id: 'demo-ap-fridge-probe',
    form: {
      name: 'Fridge food probe', description: 'Food in a fridge: out of 0-5 °C for 30 minutes, the probe unplugged for 30 minutes, silent, or a low battery',
      types: ['outOfRange', 'probeMissing', 'inactivity', 'lowBattery'], alarmDelayMinutes: 30, ...snooze, min: 0, max: 5, ...battery,
    },
  },
  {
    // The chest freezer does not defrost: 30 minutes is enough, and catches its probe unplugged for 45.
    id: 'demo-ap-freezer-probe',
    form: {
      name: 'Freezer food probe', description: 'Food in a freezer: out of -25..-15 °C for 30 minutes, the probe unplugged for 30 minutes, silent, or a low battery',
      types: ['outOfRange', 'probeMissing', 'inactivity', 'lowBattery'], alarmDelayMinutes: 30, ...snooze, min: -25, max: -15, ...battery,
    },
  },
  {
    id: 'demo-ap-hot-holding',
    form: {
      name: 'Hot holding', description: 'Hot food held under 63 °C for 15 minutes, silent, or a low battery',
      types: ['outOfRange', 'inactivity', 'lowBattery'], alarmDelayMinutes: 15, ...snooze, min: 63, max: 90, ...battery,
    },
  },
  {
    id: 'demo-ap-ambient',
    form: {
      name: 'Dry store', description: 'Ambient storage: out of 10-25 °C for an hour, silent, or a low battery',
      types: ['outOfRange', 'inactivity', 'lowBattery'], alarmDelayMinutes: 60, ...snooze, min: 10, max: 25, ...battery,
    },
  },
  {
    id: 'demo-ap-battery',
    form: {
      name: 'Low battery', description: 'A battery under 20 % (about a year of life), or silent',
      types: ['lowBattery', 'inactivity'], alarmDelayMinutes: 0, ...snooze, ...battery,
    },
  },
  {
    id: 'demo-ap-gateway',
    form: {
      name: 'Gateway offline', description: 'A gateway that stops reporting (its sensors fall silent with it)',
      types: ['inactivity'], alarmDelayMinutes: 0, ...snooze,
    },
  },
];

export interface DemoGateway {
  /** Its EUI: the gateway's id. */
  id: string;
  name: string;
  model: string;
  macId: string;
  rssi: number;
  outage?: RecurringWindow;
  /** Its alarm profile's key (`DEMO_ALARM_PROFILES`). */
  alarmProfileId: string;
}

export const DEMO_GATEWAYS: readonly DemoGateway[] = [
  { id: 'A840410000DE0001', name: 'Kitchen Gateway', model: 'GW-SG1', macId: 'A8:40:41:DE:00:01', rssi: -62, alarmProfileId: 'demo-ap-gateway' },
  {
    id: 'A840410000DE0002', name: 'Back of House LoRaWAN Gateway', model: 'GW-LR8', macId: 'A8:40:41:DE:00:02', rssi: -79, alarmProfileId: 'demo-ap-gateway',
    // Anchored so that the first live minutes after the back-fill end an outage (a late batch soon after start).
    outage: { everyHours: 4, forMinutes: 20, offsetHours: 3.75 },
  },
];
const [KITCHEN_GATEWAY, LORAWAN_GATEWAY] = DEMO_GATEWAYS as [DemoGateway, DemoGateway];

export interface DemoChannel {
  sensorType: SensorType;
  sensorSubType: SensorSubType;
  dataLoggingProfileId: string;
  simulated: SimulatedChannel;
}

export interface DemoSensor {
  id: string;
  name: string;
  description: string;
  model: string;
  monitoringType: MonitoringType;
  connectionType: ConnectionType;
  /** Every sensor names a gateway (SPEC section 5); a Wi-Fi one still publishes for itself. */
  gatewayId: string;
  channels: readonly DemoChannel[];
  externalSensorType?: ExternalSensorType;
  openLabel?: string;
  closeLabel?: string;
  battery: SimulatedSensorSpec['battery'];
  rssi: number;
  silent?: RecurringWindow;
  /** Its alarm profile's key (`DEMO_ALARM_PROFILES`): what the device is. */
  alarmProfileId: string;
}

const STANDARD = 'demo-dlp-standard';
const healthyBattery = (start: number): SimulatedSensorSpec['battery'] => ({ start, drainPerHour: 0.002, floor: 5 });
const channel = (sensorType: SensorType, sensorSubType: SensorSubType, source: ChannelSource, extra: Partial<SimulatedChannel> = {}, dataLoggingProfileId = STANDARD): DemoChannel =>
  ({ sensorType, sensorSubType, dataLoggingProfileId, simulated: { source, ...extra } });

export const DEMO_ROOMS: readonly RoomSpec[] = [
  { id: 'kitchen', mean: 23, swing: 3, timeZone: TIME_ZONE },
  { id: 'dry-store', mean: 18, swing: 1.5, timeZone: TIME_ZONE },
  { id: 'pharmacy', mean: 21, swing: 1, timeZone: TIME_ZONE },
];

export const DEMO_DOORS: readonly DoorSpec[] = [
  { id: 'walk-in-cooler-door', opensPerHour: 5, openSeconds: [15, 90], businessHours: [7, 22], timeZone: TIME_ZONE },
];

export const DEMO_CABINETS: readonly CabinetSpec[] = [
  { id: 'walk-in-cooler', profile: 'walkInCooler', room: 'kitchen', door: 'walk-in-cooler-door' },
  { id: 'walk-in-freezer', profile: 'walkInFreezer', room: 'kitchen' },
  { id: 'vaccine-fridge', profile: 'vaccineFridge', room: 'pharmacy' },
  { id: 'reach-in-fridge', profile: 'reachInFridge', room: 'kitchen' },
  { id: 'prep-fridge', profile: 'reachInFridge', room: 'kitchen' },
  { id: 'chest-freezer', profile: 'chestFreezer', room: 'kitchen' },
  { id: 'hot-holding', profile: 'hotHolding', room: 'kitchen' },
];

export const DEMO_FRYERS: readonly FryerSpec[] = [
  { id: 'fryer', room: 'kitchen', serviceHours: [11, 22], setpoint: 178, freshPolarMaterial: 6, polarMaterialPerHour: 0.8, oilChangeDays: 2, timeZone: TIME_ZONE },
];

export const DEMO_SENSORS: readonly DemoSensor[] = [
  {
    id: 'DF000101', name: 'Walk-in Cooler', description: 'Air temperature and humidity by the evaporator', model: 'CT-200',
    monitoringType: 'refrigeration', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id,
    channels: [
      channel('temperature', 'walkInCooler', { cabinet: 'walk-in-cooler', read: 'air' }),
      channel('humidity', 'relativeHumidity', { cabinet: 'walk-in-cooler', read: 'humidity' }),
    ],
    battery: healthyBattery(88), rssi: -71, alarmProfileId: 'demo-ap-cooler',
  },
  {
    id: 'DF000102', name: 'Walk-in Cooler Door', description: 'Door contact; kitchen temperature by the door', model: 'CT-500D',
    monitoringType: 'door', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id,
    channels: [
      channel('contact', 'door', { door: 'walk-in-cooler-door' }),
      channel('temperature', 'ambient', { room: 'kitchen' }),
    ],
    openLabel: 'Door open', closeLabel: 'Door shut', battery: healthyBattery(76), rssi: -69, alarmProfileId: 'demo-ap-door',
  },
  {
    id: 'DF000103', name: 'Walk-in Freezer', description: 'Air temperature; defrosts every 6 to 8 hours', model: 'CT-100',
    monitoringType: 'freezer', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id,
    channels: [channel('temperature', 'walkInFreezer', { cabinet: 'walk-in-freezer', read: 'air' })],
    battery: healthyBattery(81), rssi: -84, alarmProfileId: 'demo-ap-freezer',
  },
  {
    id: 'DF00000000000104', name: 'Vaccine Fridge', description: 'Glycol bottle probe and room ambient, on Wi-Fi', model: 'CT-600V',
    monitoringType: 'vaccine', connectionType: 'wifi', gatewayId: KITCHEN_GATEWAY.id, externalSensorType: 'glycolBottle',
    channels: [
      channel('probe', 'glycolBottle', { cabinet: 'vaccine-fridge', read: 'product' }, {}, 'demo-dlp-vaccine'),
      channel('temperature', 'ambient', { room: 'pharmacy' }, {}, 'demo-dlp-vaccine'),
    ],
    battery: healthyBattery(97), rssi: -58, alarmProfileId: 'demo-ap-vaccine',
  },
  {
    id: 'DF000105', name: 'Reach-in Fridge Probe', description: 'Food probe (drifting: due for calibration) and air', model: 'CT-300P',
    monitoringType: 'foodProbe', connectionType: 'loraWan', gatewayId: LORAWAN_GATEWAY.id, externalSensorType: 'foodSimulant',
    channels: [
      channel('probe', 'food', { cabinet: 'reach-in-fridge', read: 'product' }, { drift: { perHour: 0.05, max: 2.5 } }),
      channel('temperature', 'refrigerator', { cabinet: 'reach-in-fridge', read: 'air' }),
    ],
    battery: healthyBattery(64), rssi: -93, alarmProfileId: 'demo-ap-fridge-probe',
  },
  {
    id: 'DF000106', name: 'Prep Fridge', description: 'Under-counter fridge on the prep line (battery running down)', model: 'CT-100',
    monitoringType: 'refrigeration', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id,
    channels: [channel('temperature', 'refrigerator', { cabinet: 'prep-fridge', read: 'air' })],
    battery: { start: 30, drainPerHour: 0.5, floor: 5 }, rssi: -77, alarmProfileId: 'demo-ap-cooler',
  },
  {
    id: 'DF000107', name: 'Chest Freezer Probe', description: 'Food probe (its lead is often unplugged) and air', model: 'CT-300P',
    monitoringType: 'freezer', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id, externalSensorType: 'needleProbe',
    channels: [
      channel('probe', 'food', { cabinet: 'chest-freezer', read: 'product' }, { unplugged: { everyHours: 6, forMinutes: 45, offsetHours: 1 } }),
      channel('temperature', 'freezer', { cabinet: 'chest-freezer', read: 'air' }),
    ],
    battery: healthyBattery(71), rssi: -88, alarmProfileId: 'demo-ap-freezer-probe',
  },
  {
    id: 'DF000108', name: 'Dry Store', description: 'Ambient in the dry store (far from the gateway: falls silent)', model: 'CT-100',
    monitoringType: 'ambient', connectionType: 'subGhz', gatewayId: KITCHEN_GATEWAY.id,
    channels: [channel('temperature', 'ambient', { room: 'dry-store' })],
    battery: healthyBattery(58), rssi: -104, alarmProfileId: 'demo-ap-ambient',
    // Silent from an hour before the back-fill ends to two hours after: offline within half an hour
    // of the first start (its back-filled readings arrive at the start, so it was last heard then).
    silent: { everyHours: 12, forMinutes: 180, offsetHours: 23 },
  },
  {
    id: 'DF00000000000109', name: 'Hot Holding Cabinet', description: 'Four wells, one thermocouple each', model: 'CT-400K',
    monitoringType: 'hotHolding', connectionType: 'loraWan', gatewayId: LORAWAN_GATEWAY.id, externalSensorType: 'needleProbe',
    channels: [1, 2, 3, 4].map((well) =>
      channel('thermocouple', 'typeK', { cabinet: 'hot-holding', read: 'product', offset: [-1.2, 0, 0.8, 2.1][well - 1] ?? 0 })),
    battery: healthyBattery(83), rssi: -81, alarmProfileId: 'demo-ap-hot-holding',
  },
  {
    id: 'DF000000010A', name: 'Fryer Oil', description: 'Oil quality (total polar material) and oil temperature of fryer 1, on Wi-Fi', model: 'OQ-700',
    monitoringType: 'oil', connectionType: 'wifi', gatewayId: KITCHEN_GATEWAY.id,
    channels: [
      channel('oilQuality', 'totalPolarMaterial', { fryer: 'fryer', read: 'polarMaterial' }, {}, 'demo-dlp-oil'),
      channel('oilQuality', 'oilTemperature', { fryer: 'fryer', read: 'oilTemperature' }, {}, 'demo-dlp-oil'),
    ],
    battery: healthyBattery(100), rssi: -61, alarmProfileId: 'demo-ap-battery',
  },
];

/** Radio sensors are relayed by their gateway; Wi-Fi ones publish for themselves. */
export const publishesForItself = (sensor: Pick<DemoSensor, 'connectionType'>) => sensor.connectionType === 'wifi';

/** The interval a demo sensor reports at: its first channel's logging profile. */
function reportSecondsOf(sensor: DemoSensor): number {
  const profile = DEMO_LOGGING_PROFILES.find((candidate) => candidate.id === sensor.channels[0]?.dataLoggingProfileId);
  return (profile?.intervalMinutes ?? 5) * 60;
}

/** The demo fleet as the simulator runs it. */
export function demoFleet(): FleetSpec {
  return {
    rooms: [...DEMO_ROOMS],
    doors: [...DEMO_DOORS],
    cabinets: [...DEMO_CABINETS],
    fryers: [...DEMO_FRYERS],
    gateways: DEMO_GATEWAYS.map((gateway) =>
      simulatedGateway(gateway.id, gateway.model, { rssi: gateway.rssi, ...(gateway.outage ? { outage: gateway.outage } : {}) })),
    sensors: DEMO_SENSORS.map((sensor) => ({
      id: sensor.id,
      model: sensor.model,
      ...(publishesForItself(sensor) ? {} : { gatewayId: sensor.gatewayId }),
      reportSeconds: reportSecondsOf(sensor),
      channels: Object.fromEntries(sensor.channels.map((demo, index) => [String(index + 1) as ChannelKey, demo.simulated])),
      battery: sensor.battery,
      rssi: sensor.rssi,
      ...(sensor.silent ? { silent: sensor.silent } : {}),
    })),
  };
}

/** The account id of a demo user by email (local/demo.ts). */
const demoAccountId = (email: string) => DEMO_USERS.find((user) => user.email === email)?.accountId ?? email;

/**
 * The demo's notification group (issue 14 section 1): Main Kitchen's default, given to every
 * demo sensor (for alarms and inactivity) and gateway. The admin hears at once by email and
 * text; the basic user 15 minutes later by email and push.
 */
export const DEMO_NOTIFICATION_GROUP: NotificationGroupInput = {
  name: 'Main Kitchen',
  description: 'Every alarm of the Main Kitchen: the administrator at once, the kitchen user after 15 minutes',
  groupType: 'sensor',
  isDefault: true,
  locationId: DEMO_ORGANISATION.location.id,
  siteIds: [DEMO_ORGANISATION.site.id],
  schedules: [{
    name: 'Every day, all day',
    days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    start: '00:00',
    end: '23:59',
    users: [
      { accountId: demoAccountId('admin@demo.example'), level: 1, delayMinutes: 0, channels: ['email', 'text'] },
      { accountId: demoAccountId('user@demo.example'), level: 2, delayMinutes: 15, channels: ['email', 'push'] },
    ],
  }],
};

// Seeding ------------------------------------------------------------------------------

/** Recorded once the demo devices are seeded: when, and the simulation's origin. */
const DEVICES_MARKER = 'DEVICES';
/** Recorded once the demo's alarm profiles are seeded (a data folder seeded before they existed gets them once). */
const ALARM_PROFILES_MARKER = 'ALARMPROFILES';
/** Recorded once the demo's notification group is seeded (a data folder seeded before groups existed gets it once). */
const NOTIFICATION_GROUPS_MARKER = 'NOTIFICATIONGROUPS';

/** The first back-fill reaches this far back, and the fleet's slow trends start there. */
export const DEMO_HISTORY_MS = 24 * 60 * 60 * 1000;

/** Who the seed writes as (its audit entries say "seed", as the demo locations' do). */
const SEED_CALLER: Caller = {
  userId: 'seed', email: 'seed', role: 'admin', customerId: DEMO_ORGANISATION.customerId, accountId: 'seed',
  customerGroupId: DEMO_ORGANISATION.customerGroupId, isPortalLogin: false, tokenId: 'seed',
};

/**
 * Where the demo fleet's slow trends and recurring faults are anchored (local/simulator/spec.ts):
 * 24 hours before the devices were seeded, so every start of the simulator continues the same
 * story. Undefined before the seed.
 */
export async function demoDevicesOrigin(documents: DataTable['client'], tableName: string): Promise<number | undefined> {
  const origin = (await readSeedMarker(documents, tableName, DEMO_ORGANISATION.customerId, DEVICES_MARKER))?.['origin'];
  return typeof origin === 'number' ? origin : undefined;
}

/**
 * Seeds the demo devices once, as an administrator would have added them: through the data
 * logging profiles', alarm profiles', gateways' and sensors' own stores (so references on the site and
 * location, the gateways' sensor counts, the profiles' use counts and the audit entries are
 * all right). Each device is added only when missing, and a marker records the seed, so it is
 * idempotent: a data folder seeded before devices existed gets them at its next start, and
 * what people delete afterwards is not put back. Returns whether it seeded.
 */
export async function seedDemoDevices(
  documents: DataTable['client'],
  tableName: string,
  options: {
    now?: Date;
    /** The client the stores write with: the handlers' own by default (configured from the stack's environment), so the records are the API's. */
    writer?: DataTable['client'];
  } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const { customerId, site, location } = DEMO_ORGANISATION;
  if (await readSeedMarker(documents, tableName, customerId, DEVICES_MARKER) !== undefined) {
    // Seeded before the demo had alarm profiles or a notification group: its devices get them once.
    await seedDemoAlarmProfiles(documents, tableName, options);
    await seedDemoNotificationGroup(documents, tableName, options);
    return false;
  }
  // Someone removed the demo site: there is nowhere to put the devices.
  if (await readSite(documents, tableName, customerId, site.id) === undefined) return false;
  const clock = () => now;
  const writer = options.writer ?? dynamoDocumentClient();

  const profiles = new DataLoggingProfileStore(writer, tableName, clock);
  const existing = await queryAll(writer, {
    TableName: tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': profiles.listPartition(customerId) },
  }, (item) => item);
  const profileIds = new Map<string, string>();
  for (const profile of DEMO_LOGGING_PROFILES) {
    const found = existing.find((item) => item['name'] === profile.name);
    const id = typeof found?.['id'] === 'string' ? found['id'] : (await profiles.create(SEED_CALLER, customerId, dataLoggingProfileInputSchema.parse({
      name: profile.name, description: profile.description, enabled: true, valueToLog: 'instant',
      intervalMinutes: profile.intervalMinutes, calculationWindowMinutes: profile.intervalMinutes, deviation: profile.deviation,
    }))).id;
    profileIds.set(profile.id, id);
  }
  const alarmProfileIds = await demoAlarmProfileIds(writer, tableName, clock);
  const notificationGroupId = await demoNotificationGroupId(writer, tableName, clock);

  const gateways = new GatewayStore(writer, tableName, clock);
  for (const gateway of DEMO_GATEWAYS) {
    if (await gateways.find(customerId, gateway.id)) continue;
    await gateways.create(SEED_CALLER, customerId, gatewayInputSchema.parse({
      name: gateway.name, model: gateway.model, macId: gateway.macId, eui: gateway.id, locationIds: [location.id], siteId: site.id,
      notes: '', position: { latitude: site.latitude, longitude: site.longitude }, alarmProfileId: alarmProfileIds.get(gateway.alarmProfileId),
      notificationGroupId,
    }));
  }

  const sensors = new SensorStore(writer, tableName, clock);
  for (const sensor of DEMO_SENSORS) {
    if (await sensors.find(customerId, sensor.id)) continue;
    await sensors.create(SEED_CALLER, customerId, sensorInputSchema.parse({
      id: sensor.id, name: sensor.name, description: sensor.description, deviceModel: sensor.model, monitoringType: sensor.monitoringType,
      locationId: location.id, siteId: site.id, gatewayId: sensor.gatewayId, connectionType: sensor.connectionType,
      alarmProfileId: alarmProfileIds.get(sensor.alarmProfileId),
      ...(notificationGroupId === undefined ? {} : { notificationGroupIds: [notificationGroupId], inactivityNotificationGroupIds: [notificationGroupId] }),
      channels: sensor.channels.map((demo, index) => ({
        channel: index + 1, dataLoggingProfileId: profileIds.get(demo.dataLoggingProfileId), sensorType: demo.sensorType, sensorSubType: demo.sensorSubType,
      })),
      ...(sensor.externalSensorType ? { externalSensorType: sensor.externalSensorType } : {}),
      ...(sensor.openLabel ? { openLabel: sensor.openLabel, closeLabel: sensor.closeLabel } : {}),
    }));
  }

  await putSeedMarker(documents, tableName, customerId, DEVICES_MARKER, { seededAt: now.toISOString(), origin: now.getTime() - DEMO_HISTORY_MS });
  // The devices were added with their alarm profiles and notification group.
  await putSeedMarker(documents, tableName, customerId, ALARM_PROFILES_MARKER, { seededAt: now.toISOString() });
  if (notificationGroupId !== undefined) await putSeedMarker(documents, tableName, customerId, NOTIFICATION_GROUPS_MARKER, { seededAt: now.toISOString() });
  return true;
}

/** The demo's alarm profiles' ids by their keys: each found by its name, or added through the alarm profiles' store. */
async function demoAlarmProfileIds(writer: DataTable['client'], tableName: string, clock: () => Date): Promise<Map<string, string>> {
  const { customerId } = DEMO_ORGANISATION;
  const profiles = new AlarmProfileStore(writer, tableName, clock);
  const existing = await profiles.all(customerId);
  const ids = new Map<string, string>();
  for (const profile of DEMO_ALARM_PROFILES) {
    const found = existing.find((candidate) => candidate.name === profile.form.name);
    ids.set(profile.id, found?.id ?? (await profiles.create(SEED_CALLER, customerId, alarmProfileInputSchema.parse(profile.form))).id);
  }
  return ids;
}

/**
 * Gives the demo's devices seeded before alarm profiles existed their profiles, once (a
 * marker records it): the profiles are added when missing, and each demo device still
 * without one gets its own through its store (so the counts and audit entries are right).
 * A device someone has deleted or given a profile since is left as it is.
 */
export async function seedDemoAlarmProfiles(
  documents: DataTable['client'],
  tableName: string,
  options: { now?: Date; writer?: DataTable['client'] } = {},
): Promise<boolean> {
  if (await readSeedMarker(documents, tableName, DEMO_ORGANISATION.customerId, ALARM_PROFILES_MARKER) !== undefined) return false;
  const now = options.now ?? new Date();
  const clock = () => now;
  const writer = options.writer ?? dynamoDocumentClient();
  const { customerId } = DEMO_ORGANISATION;
  const alarmProfileIds = await demoAlarmProfileIds(writer, tableName, clock);

  const gateways = new GatewayStore(writer, tableName, clock);
  for (const gateway of DEMO_GATEWAYS) {
    const record = await gateways.find(customerId, gateway.id);
    const alarmProfileId = alarmProfileIds.get(gateway.alarmProfileId);
    if (record === undefined || record.alarmProfileId !== undefined || alarmProfileId === undefined) continue;
    await gateways.update(SEED_CALLER, customerId, record, gatewayInputSchema.parse({ ...record, alarmProfileId }));
  }
  const sensors = new SensorStore(writer, tableName, clock);
  for (const sensor of DEMO_SENSORS) {
    const found = await sensors.find(customerId, sensor.id);
    const alarmProfileId = alarmProfileIds.get(sensor.alarmProfileId);
    if (found === undefined || found.record.alarmProfileId !== undefined || alarmProfileId === undefined) continue;
    // The sensor's own fields as they are, with the profile: a PUT of the form replaces every field.
    const input: SensorInput = { ...found.record, alarmProfileId };
    await sensors.update(SEED_CALLER, customerId, found.record, input);
  }
  await putSeedMarker(documents, tableName, customerId, ALARM_PROFILES_MARKER, { seededAt: now.toISOString() });
  return true;
}

/**
 * The demo's notification group's id: found by its name, or added through the notification
 * groups' store; undefined when it cannot be (a demo user someone deleted), and the devices
 * go without it.
 */
async function demoNotificationGroupId(writer: DataTable['client'], tableName: string, clock: () => Date): Promise<string | undefined> {
  const { customerId } = DEMO_ORGANISATION;
  const groups = new NotificationGroupStore(writer, tableName, clock);
  const found = (await groups.all(customerId)).find((group) => group.name === DEMO_NOTIFICATION_GROUP.name);
  if (found !== undefined) return found.id;
  try {
    return (await groups.create(SEED_CALLER, customerId, groupFieldsOf(notificationGroupInputSchema.parse(DEMO_NOTIFICATION_GROUP)))).id;
  } catch (error) {
    if (error instanceof DomainError) return undefined;
    throw error;
  }
}

/**
 * Gives the demo's devices seeded before notification groups existed the Main Kitchen group,
 * once (a marker records it): the group is added when missing, and each demo device still
 * without a group gets it through its store (so the counts and audit entries are right). A
 * device someone has deleted or given a group since is left as it is.
 */
export async function seedDemoNotificationGroup(
  documents: DataTable['client'],
  tableName: string,
  options: { now?: Date; writer?: DataTable['client'] } = {},
): Promise<boolean> {
  if (await readSeedMarker(documents, tableName, DEMO_ORGANISATION.customerId, NOTIFICATION_GROUPS_MARKER) !== undefined) return false;
  const now = options.now ?? new Date();
  const clock = () => now;
  const writer = options.writer ?? dynamoDocumentClient();
  const { customerId } = DEMO_ORGANISATION;
  const notificationGroupId = await demoNotificationGroupId(writer, tableName, clock);
  if (notificationGroupId === undefined) return false;

  const gateways = new GatewayStore(writer, tableName, clock);
  for (const gateway of DEMO_GATEWAYS) {
    const record = await gateways.find(customerId, gateway.id);
    if (record === undefined || record.notificationGroupId !== undefined) continue;
    await gateways.update(SEED_CALLER, customerId, record, gatewayInputSchema.parse({ ...record, notificationGroupId }));
  }
  const sensors = new SensorStore(writer, tableName, clock);
  for (const sensor of DEMO_SENSORS) {
    const found = await sensors.find(customerId, sensor.id);
    if (found === undefined || found.record.notificationGroupIds.length > 0 || found.record.inactivityNotificationGroupIds.length > 0) continue;
    const input: SensorInput = { ...found.record, notificationGroupIds: [notificationGroupId], inactivityNotificationGroupIds: [notificationGroupId] };
    await sensors.update(SEED_CALLER, customerId, found.record, input);
  }
  await putSeedMarker(documents, tableName, customerId, NOTIFICATION_GROUPS_MARKER, { seededAt: now.toISOString() });
  return true;
}
