import { describe, expect, it } from 'vitest';
import {
  type SensorModel,
  CONNECTION_TYPES,
  EUI_PATTERN,
  GATEWAY_MODELS,
  MAC_ID_PATTERN,
  SENSOR_MODELS,
  SENSOR_SUB_TYPES,
  channelAllows,
  channelRange,
  channelUnit,
  isValidSensorId,
  normaliseMacId,
  sensorModel,
} from './device-catalogue';

function model(code: string): SensorModel {
  const found = sensorModel(code);
  if (found === undefined) throw new Error(`no model ${code}`);
  return found;
}

describe('the device catalogue', () => {
  it('gives every sensor model 1 to 4 channels, each with sub types of its own type', () => {
    for (const model of SENSOR_MODELS) {
      expect(model.channels.length, model.code).toBeGreaterThanOrEqual(1);
      expect(model.channels.length, model.code).toBeLessThanOrEqual(4);
      for (const options of model.channels) {
        expect(options.length).toBeGreaterThan(0);
        for (const option of options) {
          for (const subType of option.subTypes) expect(SENSOR_SUB_TYPES[option.type] as readonly string[]).toContain(subType);
        }
      }
      expect(model.connectionTypes.every((type) => CONNECTION_TYPES.includes(type))).toBe(true);
    }
  });

  it('has unique model codes', () => {
    const codes = [...SENSOR_MODELS, ...GATEWAY_MODELS].map((model) => model.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("checks a sensor id against its model's format, case-insensitively, refusing special characters", () => {
    const ct100 = model('CT-100');
    expect(isValidSensorId(ct100, '0a1b2c3d')).toBe(true);
    expect(isValidSensorId(ct100, ' 0A1B2C3D ')).toBe(true);
    expect(isValidSensorId(ct100, '0A1B2C3')).toBe(false);
    expect(isValidSensorId(ct100, '0A1B-2C3D')).toBe(false);
    expect(isValidSensorId(ct100, '0A1B2C3G')).toBe(false);
    const lora = model('CT-400K');
    expect(isValidSensorId(lora, '70B3D57ED0001234')).toBe(true);
    expect(isValidSensorId(lora, '0A1B2C3D')).toBe(false);
  });

  it('allows a channel only the types and sub types its model lists', () => {
    const door = model('CT-500D');
    expect(channelAllows(door, 1, 'contact', 'door')).toBe(true);
    expect(channelAllows(door, 1, 'temperature', 'ambient')).toBe(false);
    expect(channelAllows(door, 2, 'temperature', 'freezer')).toBe(true);
    expect(channelAllows(door, 3, 'temperature', 'ambient')).toBe(false);
    const vaccine = model('CT-600V');
    expect(channelAllows(vaccine, 1, 'probe', 'glycolBottle')).toBe(true);
    expect(channelAllows(vaccine, 1, 'probe', 'food')).toBe(false);
  });

  it('accepts MAC ids with colons, hyphens or no separator, and stores them one way', () => {
    for (const mac of ['00:1A:2b:3C:4d:5E', '00-1A-2B-3C-4D-5E', '001A2B3C4D5E']) {
      expect(MAC_ID_PATTERN.test(mac)).toBe(true);
      expect(normaliseMacId(mac)).toBe('00:1A:2B:3C:4D:5E');
    }
    for (const mac of ['00:1A:2B:3C:4D', '00:1A-2B:3C:4D:5E', '00:1A:2B:3C:4D:5G', '']) expect(MAC_ID_PATTERN.test(mac)).toBe(false);
  });

  it('accepts 16-hex-digit EUIs only', () => {
    expect(EUI_PATTERN.test('B827EBFFFE123456')).toBe(true);
    expect(EUI_PATTERN.test('B827EBFFFE12345')).toBe(false);
    expect(EUI_PATTERN.test('B827EBFFFE12345Z')).toBe(false);
  });
});

describe('channel measures', () => {
  it("reads an oil sensor's temperature channel in degrees, up to frying temperatures", () => {
    expect(channelUnit('oilQuality', 'totalPolarMaterial')).toBe('%TPM');
    expect(channelRange('oilQuality', 'totalPolarMaterial')).toEqual({ min: 0, max: 100 });
    expect(channelUnit('oilQuality', 'oilTemperature')).toBe('C');
    expect(channelRange('oilQuality', 'oilTemperature').max).toBeGreaterThanOrEqual(200);
    expect(channelUnit('temperature')).toBe('C');
  });
});
