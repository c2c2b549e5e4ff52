/**
 * The device catalogue (SPEC sections 3 and 5): the sensor and gateway models the portal
 * knows, as data. A sensor model says how many channels it has (1 to 4), which sensor type
 * and sub type each channel may take, how it connects, and the pattern its device ids
 * follow. To add a model, add an entry here: forms, the API's checks, the ingest and the
 * simulator all read this list. Values are stored in SI-ish base units (temperatures in
 * degrees Celsius, humidity in %RH, oil quality in % total polar material, contact as
 * 1 = open / 0 = closed); the user's unit of measure is applied when shown.
 */

export const SENSOR_TYPES = ['temperature', 'humidity', 'contact', 'probe', 'thermocouple', 'oilQuality', 'dishwasher'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];

/** The sub types each sensor type may take. */
export const SENSOR_SUB_TYPES = {
  temperature: ['ambient', 'refrigerator', 'freezer', 'walkInCooler', 'walkInFreezer', 'hotHolding'],
  humidity: ['relativeHumidity'],
  contact: ['door', 'window', 'lid'],
  probe: ['food', 'glycolBottle', 'air', 'surface', 'needle'],
  thermocouple: ['typeK', 'typeT'],
  oilQuality: ['totalPolarMaterial', 'oilTemperature'],
  dishwasher: ['washTemperature', 'rinseTemperature'],
} as const satisfies Record<SensorType, readonly string[]>;
export type SensorSubType = (typeof SENSOR_SUB_TYPES)[SensorType][number];

/** The unit a channel of a sensor type reports in (its stored unit). */
export const SENSOR_TYPE_UNITS = {
  temperature: 'C',
  humidity: '%RH',
  contact: 'state',
  probe: 'C',
  thermocouple: 'C',
  oilQuality: '%TPM',
  dishwasher: 'C',
} as const satisfies Record<SensorType, string>;
export type ReadingUnit = (typeof SENSOR_TYPE_UNITS)[SensorType];

/** The physical range a channel of a type can report; readings outside it are refused by the ingest. */
export const SENSOR_TYPE_RANGES: Record<SensorType, { min: number; max: number }> = {
  temperature: { min: -200, max: 500 },
  humidity: { min: 0, max: 100 },
  contact: { min: 0, max: 1 },
  probe: { min: -200, max: 500 },
  thermocouple: { min: -200, max: 1250 },
  oilQuality: { min: 0, max: 100 },
  dishwasher: { min: -20, max: 120 },
};

/** Sub types that report in another unit and range than their type: an oil sensor's temperature channel. */
const SUB_TYPE_MEASURES: Readonly<Partial<Record<string, { unit: ReadingUnit; min: number; max: number }>>> = {
  oilTemperature: { unit: 'C', min: -20, max: 250 },
};

/** The unit a channel reports in, by its type and sub type. */
export function channelUnit(type: SensorType, subType?: string): ReadingUnit {
  return (subType === undefined ? undefined : SUB_TYPE_MEASURES[subType]?.unit) ?? SENSOR_TYPE_UNITS[type];
}

/** The physical range a channel can report, by its type and sub type. */
export function channelRange(type: SensorType, subType?: string): { min: number; max: number } {
  const measure = subType === undefined ? undefined : SUB_TYPE_MEASURES[subType];
  return measure === undefined ? SENSOR_TYPE_RANGES[type] : { min: measure.min, max: measure.max };
}

/** How a sensor reaches the portal: through a gateway by radio, or straight over Wi-Fi. */
export const CONNECTION_TYPES = ['loraWan', 'subGhz', 'wifi', 'ble'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** What may be plugged into a probe input (SPEC "external sensor type"). */
export const EXTERNAL_SENSOR_TYPES = ['none', 'glycolBottle', 'foodSimulant', 'needleProbe', 'airProbe', 'surfaceProbe'] as const;
export type ExternalSensorType = (typeof EXTERNAL_SENSOR_TYPES)[number];

/** What one channel of a model may be set to. */
export interface ChannelOption {
  type: SensorType;
  subTypes: readonly SensorSubType[];
}

export interface SensorModel {
  /** The model code stored on a sensor (`deviceModel`). */
  code: string;
  /** The model's catalogue name (not translated: it is what is printed on the device). */
  name: string;
  /** 1 to 4 channels; channel n (1-based) may take one of `channels[n - 1]`. */
  channels: readonly (readonly ChannelOption[])[];
  connectionTypes: readonly ConnectionType[];
  /** Device ids of this model: letters and digits only, in this shape. */
  idPattern: RegExp;
  /** How the id pattern reads to a person, e.g. "8 hexadecimal characters". */
  idFormat: string;
  /** Whether a probe (external sensor) can be plugged in, so the external sensor type applies. */
  acceptsExternalSensor: boolean;
  /** Whether channels report open/close states, so open and close labels apply. */
  hasContactStates: boolean;
  /** The interval the device reports at by default, in seconds. */
  defaultReportSeconds: number;
}

const sub = <T extends SensorType>(type: T, subTypes: readonly (typeof SENSOR_SUB_TYPES)[T][number][] = SENSOR_SUB_TYPES[type]): ChannelOption => ({ type, subTypes });

const HEX8 = /^[0-9A-F]{8}$/;
const EUI64 = /^[0-9A-F]{16}$/;
const MAC12 = /^[0-9A-F]{12}$/;

export const SENSOR_MODELS: readonly SensorModel[] = [
  {
    code: 'CT-100', name: 'ColdTrack CT-100 Temperature', channels: [[sub('temperature')]],
    connectionTypes: ['subGhz'], idPattern: HEX8, idFormat: '8 hexadecimal characters (0-9, A-F)',
    acceptsExternalSensor: false, hasContactStates: false, defaultReportSeconds: 300,
  },
  {
    code: 'CT-200', name: 'ColdTrack CT-200 Temperature & Humidity', channels: [[sub('temperature')], [sub('humidity')]],
    connectionTypes: ['subGhz'], idPattern: HEX8, idFormat: '8 hexadecimal characters (0-9, A-F)',
    acceptsExternalSensor: false, hasContactStates: false, defaultReportSeconds: 300,
  },
  {
    code: 'CT-300P', name: 'ColdTrack CT-300P Probe', channels: [[sub('probe')], [sub('temperature')]],
    connectionTypes: ['subGhz', 'loraWan'], idPattern: HEX8, idFormat: '8 hexadecimal characters (0-9, A-F)',
    acceptsExternalSensor: true, hasContactStates: false, defaultReportSeconds: 300,
  },
  {
    code: 'CT-400K', name: 'ColdTrack CT-400K Thermocouple (4 inputs)',
    channels: [[sub('thermocouple')], [sub('thermocouple')], [sub('thermocouple')], [sub('thermocouple')]],
    connectionTypes: ['loraWan'], idPattern: EUI64, idFormat: '16 hexadecimal characters (LoRaWAN DevEUI)',
    acceptsExternalSensor: true, hasContactStates: false, defaultReportSeconds: 300,
  },
  {
    code: 'CT-500D', name: 'ColdTrack CT-500D Door Contact', channels: [[sub('contact')], [sub('temperature')]],
    connectionTypes: ['subGhz', 'loraWan'], idPattern: HEX8, idFormat: '8 hexadecimal characters (0-9, A-F)',
    acceptsExternalSensor: false, hasContactStates: true, defaultReportSeconds: 300,
  },
  {
    code: 'CT-600V', name: 'ColdTrack CT-600V Vaccine (glycol probe + ambient)',
    channels: [[sub('probe', ['glycolBottle'])], [sub('temperature')]],
    connectionTypes: ['loraWan', 'wifi'], idPattern: EUI64, idFormat: '16 hexadecimal characters (LoRaWAN DevEUI)',
    acceptsExternalSensor: true, hasContactStates: false, defaultReportSeconds: 300,
  },
  {
    code: 'OQ-700', name: 'FryGuard OQ-700 Oil Quality', channels: [[sub('oilQuality', ['totalPolarMaterial'])], [sub('oilQuality', ['oilTemperature'])]],
    connectionTypes: ['wifi', 'ble'], idPattern: MAC12, idFormat: '12 hexadecimal characters (the device MAC)',
    acceptsExternalSensor: false, hasContactStates: false, defaultReportSeconds: 600,
  },
  {
    code: 'DW-800', name: 'WashCheck DW-800 Dishwasher', channels: [[sub('dishwasher', ['washTemperature'])], [sub('dishwasher', ['rinseTemperature'])]],
    connectionTypes: ['wifi'], idPattern: MAC12, idFormat: '12 hexadecimal characters (the device MAC)',
    acceptsExternalSensor: false, hasContactStates: false, defaultReportSeconds: 60,
  },
  {
    code: 'WF-900', name: 'ColdTrack WF-900 Wi-Fi Temperature', channels: [[sub('temperature')], [sub('probe')]],
    connectionTypes: ['wifi'], idPattern: MAC12, idFormat: '12 hexadecimal characters (the device MAC)',
    acceptsExternalSensor: true, hasContactStates: false, defaultReportSeconds: 300,
  },
];

export interface GatewayModel {
  code: string;
  name: string;
  /** The sensor connection types this gateway relays. */
  relays: readonly ConnectionType[];
  /** Largest number of sensors it can serve. */
  maxSensors: number;
}

export const GATEWAY_MODELS: readonly GatewayModel[] = [
  { code: 'GW-SG1', name: 'ColdTrack GW-SG1 Sub-GHz Gateway', relays: ['subGhz'], maxSensors: 100 },
  { code: 'GW-LR8', name: 'ColdTrack GW-LR8 LoRaWAN Gateway (8 channel)', relays: ['loraWan'], maxSensors: 500 },
  { code: 'GW-CELL', name: 'ColdTrack GW-CELL Cellular Gateway (Sub-GHz, LoRaWAN and BLE radios)', relays: ['subGhz', 'loraWan', 'ble'], maxSensors: 200 },
];

/** A gateway MAC id: six pairs of hexadecimal digits, separated by colons or hyphens, or not at all. */
export const MAC_ID_PATTERN = /^(?:[0-9A-Fa-f]{2}([:-]?))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/;
/** A gateway EUI: 16 hexadecimal digits (EUI-64). */
export const EUI_PATTERN = /^[0-9A-Fa-f]{16}$/;

/** The canonical form of a MAC id: upper case, colon separated. */
export function normaliseMacId(mac: string): string {
  const digits = mac.replace(/[:-]/g, '').toUpperCase();
  return digits.match(/.{2}/g)?.join(':') ?? digits;
}

export function sensorModel(code: string): SensorModel | undefined {
  return SENSOR_MODELS.find((model) => model.code === code);
}

export function gatewayModel(code: string): GatewayModel | undefined {
  return GATEWAY_MODELS.find((model) => model.code === code);
}

/** Device ids are stored upper case, trimmed; case does not make two ids different. */
export function normaliseDeviceId(id: string): string {
  return id.trim().toUpperCase();
}

/** Letters and digits only (SPEC section 5: "no special characters"). */
export const DEVICE_ID_CHARACTERS = /^[A-Za-z0-9]+$/;

/** Whether `id` is a valid device id for `model` (after normalising). */
export function isValidSensorId(model: SensorModel, id: string): boolean {
  const normalised = normaliseDeviceId(id);
  return DEVICE_ID_CHARACTERS.test(normalised) && model.idPattern.test(normalised);
}

/** Whether a channel of a model may take this type and sub type. */
export function channelAllows(model: SensorModel, channel: number, type: string, subType: string): boolean {
  const options = model.channels[channel - 1];
  return options?.some((option) => option.type === type && (option.subTypes as readonly string[]).includes(subType)) ?? false;
}
