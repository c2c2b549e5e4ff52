import { sensorModel } from '@domain/devices/device-catalogue';
import type { CabinetProfileName, CabinetSpec, DoorSpec, FryerSpec, RoomSpec } from './environment';
import { streamFor } from './random';
import type { ChannelKey, FleetSpec, SensorUploadSpec, SimulatedChannel, SimulatedGatewaySpec, SimulatedSensorSpec } from './spec';

/**
 * Fleets built from a few words: one sensor of a model in a plausible place (for a test or
 * a browser test driving one device), or many identical fridges behind gateways (a
 * synthetic fleet for load). The demo fleet, hand-made, is in local/demo-devices.ts.
 */

export const DEFAULT_TIME_ZONE = 'Europe/London';
export const DEFAULT_GATEWAY_FIRMWARE = '2.4.1';
/** Gateways send a heartbeat every 5 minutes. */
export const GATEWAY_HEARTBEAT_SECONDS = 300;

export function kitchen(id: string, timeZone: string): RoomSpec {
  return { id, mean: 22, swing: 3, timeZone };
}

/** A gateway with a healthy backhaul. */
export function simulatedGateway(id: string, model = 'GW-SG1', extra: Partial<SimulatedGatewaySpec> = {}): SimulatedGatewaySpec {
  return { id, model, firmware: DEFAULT_GATEWAY_FIRMWARE, heartbeatSeconds: GATEWAY_HEARTBEAT_SECONDS, rssi: -68, ...extra };
}

/** The cabinet profile a model's channels most plausibly measure. */
function placeFor(model: string): { cabinet?: CabinetProfileName; door?: boolean; fryer?: boolean } {
  switch (model) {
    case 'CT-500D': return { cabinet: 'walkInCooler', door: true };
    case 'CT-600V': return { cabinet: 'vaccineFridge' };
    case 'CT-400K': case 'DW-800': return { cabinet: 'hotHolding' };
    case 'OQ-700': return { fryer: true };
    default: return { cabinet: 'reachInFridge' };
  }
}

export interface SingleSensorOptions {
  sensorId: string;
  model: string;
  /** The gateway that relays it; without one the sensor publishes for itself (Wi-Fi). */
  gatewayId?: string;
  gatewayModel?: string;
  reportSeconds?: number;
  timeZone?: string;
  /** The channels it reports (as registered: the ingest refuses a channel the sensor does not have); all of the model's by default. */
  channels?: readonly number[];
  /** Store and forward (Wi-Fi only): readings kept and uploaded together (spec.ts `SensorUploadSpec`); each sent as taken without it. */
  upload?: SensorUploadSpec;
}

/** One sensor of `model` measuring a plausible place for it, behind a gateway or on its own. */
export function singleSensorFleet(options: SingleSensorOptions): FleetSpec {
  const model = sensorModel(options.model);
  if (!model) throw new Error(`unknown sensor model ${options.model}`);
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const id = options.sensorId.toUpperCase();
  const room = kitchen(`room-${id}`, timeZone);
  const place = placeFor(model.code);
  const cabinets: CabinetSpec[] = [];
  const doors: DoorSpec[] = [];
  const fryers: FryerSpec[] = [];
  const cabinetId = `cabinet-${id}`;
  if (place.door) doors.push({ id: `door-${id}`, opensPerHour: 4, openSeconds: [15, 90], businessHours: [7, 22], timeZone });
  if (place.cabinet) cabinets.push({ id: cabinetId, profile: place.cabinet, room: room.id, ...(place.door ? { door: `door-${id}` } : {}) });
  if (place.fryer) {
    fryers.push({
      id: `fryer-${id}`, room: room.id, serviceHours: [11, 22], setpoint: 178, freshPolarMaterial: 6, polarMaterialPerHour: 0.8, oilChangeDays: 2, timeZone,
    });
  }
  const channels: Partial<Record<ChannelKey, SimulatedChannel>> = {};
  model.channels.forEach((choices, index) => {
    if (options.channels !== undefined && !options.channels.includes(index + 1)) return;
    const key = String(index + 1) as ChannelKey;
    const type = choices[0]?.type;
    if (type === 'contact') channels[key] = { source: { door: `door-${id}` } };
    else if (type === 'humidity') channels[key] = { source: { cabinet: cabinetId, read: 'humidity' } };
    else if (type === 'oilQuality') channels[key] = { source: { fryer: `fryer-${id}`, read: index === 0 ? 'polarMaterial' : 'oilTemperature' } };
    else if (place.door && type === 'temperature') channels[key] = { source: { room: room.id } };
    else if (type === 'probe') channels[key] = { source: { cabinet: cabinetId, read: 'product' } };
    else if (model.code === 'DW-800') channels[key] = { source: { cabinet: cabinetId, read: 'air', offset: index === 0 ? -5 : 15 } };
    else if (model.code === 'CT-400K') channels[key] = { source: { cabinet: cabinetId, read: 'product', offset: index - 1 } };
    else if (model.code === 'CT-600V') channels[key] = { source: { room: room.id } };
    else channels[key] = { source: { cabinet: cabinetId, read: 'air' } };
  });
  const sensor: SimulatedSensorSpec = {
    id, model: model.code, reportSeconds: options.reportSeconds ?? model.defaultReportSeconds, channels,
    battery: { start: 92, drainPerHour: 0.002, floor: 5 }, rssi: -72,
    ...(options.gatewayId ? { gatewayId: options.gatewayId.toUpperCase() } : {}),
    ...(options.upload ? { upload: options.upload } : {}),
  };
  return {
    rooms: [room], doors, cabinets, fryers,
    gateways: options.gatewayId ? [simulatedGateway(options.gatewayId.toUpperCase(), options.gatewayModel)] : [],
    sensors: [sensor],
  };
}

export interface SyntheticFleetOptions {
  count: number;
  /** Sensors per gateway (a GW-SG1 serves up to 100). */
  perGateway?: number;
  reportSeconds?: number;
  timeZone?: string;
  /** Leading hexadecimal digit(s) of the ids, so two synthetic fleets need not collide. */
  idPrefix?: string;
  seed?: number | string;
}

/** The id of the n-th synthetic sensor (CT-100: 8 hexadecimal characters). */
export function syntheticSensorId(index: number, idPrefix = 'A'): string {
  return `${idPrefix}${index.toString(16).toUpperCase().padStart(8 - idPrefix.length, '0')}`;
}

/** The EUI of the n-th synthetic gateway (16 hexadecimal characters). */
export function syntheticGatewayId(index: number, idPrefix = 'A'): string {
  return `${idPrefix}FACADE${index.toString(16).toUpperCase().padStart(16 - idPrefix.length - 6, '0')}`;
}

/** `count` CT-100 sensors, each in its own reach-in fridge, `perGateway` to a GW-SG1. */
export function syntheticFleet(options: SyntheticFleetOptions): FleetSpec {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const perGateway = options.perGateway ?? 100;
  const prefix = options.idPrefix ?? 'A';
  const random = streamFor(options.seed ?? 'synthetic', 'fleet');
  const room = kitchen('synthetic-kitchen', timeZone);
  const gateways: SimulatedGatewaySpec[] = [];
  const cabinets: CabinetSpec[] = [];
  const sensors: SimulatedSensorSpec[] = [];
  for (let index = 0; index < options.count; index += 1) {
    if (index % perGateway === 0) gateways.push(simulatedGateway(syntheticGatewayId(gateways.length, prefix), 'GW-SG1', { rssi: Math.round(random.between(-85, -60)) }));
    const gatewayId = syntheticGatewayId(gateways.length - 1, prefix);
    const id = syntheticSensorId(index, prefix);
    cabinets.push({ id: `cabinet-${id}`, profile: 'reachInFridge', room: room.id });
    sensors.push({
      id, model: 'CT-100', gatewayId, reportSeconds: options.reportSeconds ?? 300,
      channels: { '1': { source: { cabinet: `cabinet-${id}`, read: 'air' } } },
      battery: { start: Math.round(random.between(55, 99)), drainPerHour: 0.002, floor: 5 },
      rssi: Math.round(random.between(-100, -65)),
    });
  }
  return { rooms: [room], doors: [], cabinets, fryers: [], gateways, sensors };
}

/** Several sensors, each placed as `singleSensorFleet` would, sharing their gateways. */
export function placedFleet(sensors: readonly SingleSensorOptions[]): FleetSpec {
  const merged = mergeFleets(...sensors.map(singleSensorFleet));
  const gateways = new Map(merged.gateways.map((gateway) => [gateway.id, gateway]));
  return { ...merged, gateways: [...gateways.values()] };
}

/** Two fleets as one (the demo fleet and a synthetic one beside it). */
export function mergeFleets(...fleets: FleetSpec[]): FleetSpec {
  return {
    rooms: fleets.flatMap((fleet) => fleet.rooms),
    doors: fleets.flatMap((fleet) => fleet.doors),
    cabinets: fleets.flatMap((fleet) => fleet.cabinets),
    fryers: fleets.flatMap((fleet) => fleet.fryers),
    gateways: fleets.flatMap((fleet) => fleet.gateways),
    sensors: fleets.flatMap((fleet) => fleet.sensors),
  };
}
