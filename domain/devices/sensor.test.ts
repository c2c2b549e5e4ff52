import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONNECTION_TYPES, GATEWAY_MODELS, SENSOR_MODELS, sensorModel, type SensorModel } from './device-catalogue';
import { MESSAGES } from '../core/messages';
import {
  gatewayRelayProblem,
  isImmediate,
  isInactiveSensor,
  isSensorOnline,
  matchesStatus,
  parseQuickRegisterLines,
  QUICK_REGISTER_MAX_LINES,
  quickRegisterInputSchema,
  quickRegisterSensorInput,
  readingAgeMs,
  scheduleProblem,
  sensorDeleteRefusal,
  sensorDisableInputSchema,
  sensorIdProblem,
  sensorInputSchema,
  type QuickRegisterInput,
} from './sensor';

const model = (code: string): SensorModel => {
  const found = sensorModel(code);
  if (found === undefined) throw new Error(`no model ${code}`);
  return found;
};

/** A valid CT-200 (temperature and humidity) sensor; overrides replace fields. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  id: 'a1b2c3d4',
  name: 'Walk-in cooler',
  deviceModel: 'CT-200',
  locationId: 'loc-1',
  siteId: 'site-1',
  gatewayId: '00aa11bb22cc33dd',
  connectionType: 'subGhz',
  channels: [
    { channel: 2, dataLoggingProfileId: 'p-1', sensorType: 'humidity', sensorSubType: 'relativeHumidity' },
    { channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'walkInCooler' },
  ],
  ...overrides,
});

/** The messages of a refused input, by field path. */
function problems(input: unknown): Record<string, string> {
  const result = sensorInputSchema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

const hexOf = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: length, maxLength: length });

describe('sensor ids (SPEC section 5: valid for the model, no special characters)', () => {
  it('accepts any id of the model\'s shape, in any case, and keeps it upper case', () => {
    fc.assert(fc.property(hexOf(8), (id) => {
      expect(sensorIdProblem(model('CT-100'), id)).toBeUndefined();
      const parsed = sensorInputSchema.parse(valid({ id }));
      expect(parsed.id).toBe(id.toUpperCase());
    }));
    fc.assert(fc.property(hexOf(16), (id) => {
      expect(sensorIdProblem(model('CT-400K'), id)).toBeUndefined();
    }));
    fc.assert(fc.property(hexOf(12), (id) => {
      expect(sensorIdProblem(model('OQ-700'), id)).toBeUndefined();
    }));
  });

  it('refuses any id with a character other than letters and digits, before its shape', () => {
    const special = fc.constantFrom(...'-_:. /#!@$%&*+=?');
    fc.assert(fc.property(hexOf(4), special, hexOf(3), (head, character, tail) => {
      for (const candidate of SENSOR_MODELS) {
        expect(sensorIdProblem(candidate, `${head}${character}${tail}`)).toBe(MESSAGES.sensorIdSpecialCharacters);
      }
    }));
  });

  it('refuses letters and digits of another length or beyond hexadecimal as not valid for the model', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'0123456789ABCDEFGZ'), minLength: 1, maxLength: 20 }), (id) => {
      const shaped = /^[0-9A-F]{8}$/.test(id);
      expect(sensorIdProblem(model('CT-100'), id)).toBe(shaped ? undefined : MESSAGES.sensorIdInvalid);
    }));
    expect(problems(valid({ id: 'A1B2C3D4E5F60718' }))['id']).toBe(MESSAGES.sensorIdInvalid);
    expect(problems(valid({ id: 'A1B2 C3D4' }))['id']).toBe(MESSAGES.sensorIdSpecialCharacters);
  });
});

describe('sensorInputSchema (SPEC section 5 "Sensor")', () => {
  it('accepts a full sensor: trimmed, channels in order, fields the model does not use dropped', () => {
    const parsed = sensorInputSchema.parse(valid({ name: '  Cooler 1  ', openLabel: 'Open', externalSensorType: 'none', notificationGroupIds: ['g', 'g'] }));
    expect(parsed).toMatchObject({ id: 'A1B2C3D4', name: 'Cooler 1', gatewayId: '00AA11BB22CC33DD', deviceStatus: 'active', notificationGroupIds: ['g'] });
    expect(parsed.channels.map((channel) => channel.channel)).toEqual([1, 2]);
    expect(parsed).not.toHaveProperty('openLabel');
    expect(parsed).not.toHaveProperty('externalSensorType');
  });

  it('names every missing required field, and the id rule at the same time', () => {
    expect(problems({ id: 'ab-cd', deviceModel: 'CT-100' })).toMatchObject({
      id: MESSAGES.sensorIdSpecialCharacters,
      name: MESSAGES.sensorNameRequired,
      locationId: MESSAGES.sensorLocationRequired,
      siteId: MESSAGES.sensorSiteRequired,
      gatewayId: MESSAGES.sensorGatewayRequired,
      connectionType: MESSAGES.connectionTypeRequired,
      channels: MESSAGES.sensorChannelsRequired,
    });
    expect(problems({})).toMatchObject({ id: MESSAGES.sensorIdRequired, deviceModel: MESSAGES.sensorModelRequired });
    expect(problems(valid({ channels: [] }))).toEqual({ channels: MESSAGES.sensorChannelsRequired });
    expect(problems(valid({ deviceModel: 'XX-1' }))).toEqual({ deviceModel: MESSAGES.sensorModelInvalid });
    expect(problems(valid({ monitoringType: 'aquarium' }))).toEqual({ monitoringType: MESSAGES.monitoringTypeInvalid });
  });

  it('takes only the connection types of the model', () => {
    expect(problems(valid({ connectionType: 'wifi' }))).toEqual({ connectionType: MESSAGES.connectionTypeNotForModel });
    expect(problems(valid({ connectionType: 'carrierPigeon' }))).toEqual({ connectionType: MESSAGES.connectionTypeRequired });
  });

  it('checks every channel: its profile, type and sub type, allowed on that channel of the model, once, within its channels', () => {
    const channel = (fields: Record<string, unknown>) => valid({ channels: [{ channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'freezer', ...fields }] });
    expect(problems(channel({ dataLoggingProfileId: '' }))).toEqual({ 'channels.0.dataLoggingProfileId': MESSAGES.channelLogProfileRequired });
    expect(problems(channel({ sensorType: undefined }))).toEqual({ 'channels.0.sensorType': MESSAGES.channelSensorTypeRequired });
    expect(problems(channel({ sensorSubType: ' ' }))).toEqual({ 'channels.0.sensorSubType': MESSAGES.channelSubTypeRequired });
    expect(problems(channel({ sensorType: 'humidity', sensorSubType: 'relativeHumidity' }))).toEqual({ 'channels.0.sensorSubType': MESSAGES.channelTypeNotAllowed });
    expect(problems(channel({ sensorSubType: 'typeK' }))).toEqual({ 'channels.0.sensorSubType': MESSAGES.channelTypeNotAllowed });
    expect(problems(valid({ deviceModel: 'CT-100', channels: [{ channel: 2, dataLoggingProfileId: 'p', sensorType: 'temperature', sensorSubType: 'freezer' }] })))
      .toEqual({ 'channels.0.channel': MESSAGES.sensorChannelInvalid });
    const twice = { channel: 1, dataLoggingProfileId: 'p', sensorType: 'temperature', sensorSubType: 'freezer' };
    expect(problems(valid({ channels: [twice, twice] }))).toEqual({ 'channels.1.channel': MESSAGES.sensorChannelDuplicate });
    expect(problems(valid({ deviceModel: 'CT-100', channels: [twice, { ...twice, channel: 2 }] }))).toMatchObject({ channels: MESSAGES.sensorChannelsTooMany });
    expect(problems(channel({ channel: 5 }))).toEqual({ 'channels.0.channel': MESSAGES.sensorChannelInvalid });
  });

  it('allows, channel by channel, exactly what the catalogue allows', () => {
    for (const candidate of SENSOR_MODELS) {
      candidate.channels.forEach((options, index) => {
        for (const option of options) {
          for (const subType of option.subTypes) {
            const input = {
              ...valid({ deviceModel: candidate.code, connectionType: candidate.connectionTypes[0] }),
              id: candidate.code === 'CT-400K' || candidate.code === 'CT-600V' ? 'A1B2C3D4A1B2C3D4' : candidate.idFormat.startsWith('12') ? 'A1B2C3D4E5F6' : 'A1B2C3D4',
              channels: [{ channel: index + 1, dataLoggingProfileId: 'p', sensorType: option.type, sensorSubType: subType }],
              externalSensorType: 'none', openLabel: 'Open', closeLabel: 'Closed',
            };
            expect(problems(input), `${candidate.code} channel ${index + 1} ${option.type}/${subType}`).toEqual({});
          }
        }
      });
    }
  });

  it('asks a probe model for its external sensor type, and refuses one for a model without a probe input', () => {
    const probe = valid({ deviceModel: 'CT-300P', channels: [{ channel: 1, dataLoggingProfileId: 'p', sensorType: 'probe', sensorSubType: 'food' }] });
    expect(problems(probe)).toEqual({ externalSensorType: MESSAGES.externalSensorTypeRequired });
    expect(sensorInputSchema.parse({ ...probe, externalSensorType: 'needleProbe' }).externalSensorType).toBe('needleProbe');
    expect(problems({ ...probe, externalSensorType: 'thermos' })).toEqual({ externalSensorType: MESSAGES.externalSensorTypeRequired });
    expect(problems(valid({ externalSensorType: 'glycolBottle' }))).toEqual({ externalSensorType: MESSAGES.externalSensorTypeNotForModel });
  });

  it('asks a contact model for its open and close labels (at most 20 characters)', () => {
    const door = valid({ deviceModel: 'CT-500D', channels: [{ channel: 1, dataLoggingProfileId: 'p', sensorType: 'contact', sensorSubType: 'door' }] });
    expect(problems(door)).toEqual({ openLabel: MESSAGES.openLabelRequired, closeLabel: MESSAGES.closeLabelRequired });
    expect(problems({ ...door, openLabel: 'Open', closeLabel: 'x'.repeat(21) })).toEqual({ closeLabel: MESSAGES.stateLabelMax });
    expect(sensorInputSchema.parse({ ...door, openLabel: ' Open ', closeLabel: 'Shut' })).toMatchObject({ openLabel: 'Open', closeLabel: 'Shut' });
  });
});

describe('the gateway a sensor reports through', () => {
  it("takes a gateway whose model relays the sensor's connection type; Wi-Fi sensors publish for themselves", () => {
    expect(gatewayRelayProblem('GW-SG1', 'subGhz')).toBeUndefined();
    expect(gatewayRelayProblem('GW-LR8', 'loraWan')).toBeUndefined();
    expect(gatewayRelayProblem('GW-CELL', 'loraWan')).toBeUndefined();
    expect(gatewayRelayProblem('GW-SG1', 'loraWan')).toBe(MESSAGES.sensorGatewayCannotRelay);
    expect(gatewayRelayProblem('GW-LR8', 'subGhz')).toBe(MESSAGES.sensorGatewayCannotRelay);
    expect(gatewayRelayProblem('GW-SG1', 'wifi')).toBeUndefined();
    expect(gatewayRelayProblem(undefined, 'wifi')).toBeUndefined();
    // A model the catalogue does not know relays nothing.
    expect(gatewayRelayProblem('GW-OLD', 'subGhz')).toBe(MESSAGES.sensorGatewayCannotRelay);
    expect(gatewayRelayProblem(undefined, 'subGhz')).toBe(MESSAGES.sensorGatewayCannotRelay);
  });

  it('agrees with the catalogue for every gateway model and connection type', () => {
    for (const gateway of GATEWAY_MODELS) {
      for (const connectionType of CONNECTION_TYPES) {
        const allowed = connectionType === 'wifi' || gateway.relays.includes(connectionType);
        expect(gatewayRelayProblem(gateway.code, connectionType), `${gateway.code} ${connectionType}`).toBe(allowed ? undefined : MESSAGES.sensorGatewayCannotRelay);
      }
    }
  });
});

describe('deleting a sensor (SPEC section 8)', () => {
  it('is refused while it has notes, naming it, with the parts a browser translates the message from', () => {
    expect(sensorDeleteRefusal({ name: 'Dairy chiller', noteCount: 0 })).toBeUndefined();
    expect(sensorDeleteRefusal({ name: 'Dairy chiller', noteCount: 2 })).toEqual({
      message: 'Sensor Dairy chiller cannot be deleted while it has notes.', sensorName: 'Dairy chiller', noteCount: 2,
    });
  });
});

describe('states, online and the lists', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('is online within three report intervals plus ten minutes of its own newest reading', () => {
    // CT-100 reports every 300 s: 25 minutes of grace.
    expect(isSensorOnline({ deviceModel: 'CT-100', lastReadingAt: '2026-05-01T11:35:00Z' }, now)).toBe(true);
    expect(isSensorOnline({ deviceModel: 'CT-100', lastReadingAt: '2026-05-01T11:34:59Z' }, now)).toBe(false);
    // DW-800 reports every minute: 13 minutes.
    expect(isSensorOnline({ deviceModel: 'DW-800', lastReadingAt: '2026-05-01T11:47:00Z' }, now)).toBe(true);
    expect(isSensorOnline({ deviceModel: 'DW-800', lastReadingAt: '2026-05-01T11:46:00Z' }, now)).toBe(false);
    expect(isSensorOnline({ deviceModel: 'CT-100' }, now)).toBe(false);
  });

  it('is judged at the moment asked: the Dry Store silent since 6:58 PM is online at 7:20 PM and offline at 8:15 PM', () => {
    const dryStore = { deviceModel: 'CT-100', lastReadingAt: '2026-05-01T18:58:00Z' };
    expect(isSensorOnline(dryStore, new Date('2026-05-01T19:20:00Z'))).toBe(true);
    expect(isSensorOnline(dryStore, new Date('2026-05-01T20:15:00Z'))).toBe(false);
    // Its buffered readings arriving late (a recent last communication) do not make it online.
    const heardLate = { ...dryStore, lastCommunicated: '2026-05-01T20:10:00Z' };
    expect(isSensorOnline(heardLate, new Date('2026-05-01T20:15:00Z'))).toBe(false);
  });

  it('gives the age of the newest reading at a moment', () => {
    expect(readingAgeMs('2026-05-01T18:58:00Z', new Date('2026-05-01T20:15:00Z'))).toBe(77 * 60_000);
    expect(readingAgeMs('2026-05-01T18:58:00Z', Date.parse('2026-05-01T18:57:00Z'))).toBe(0);
    expect(readingAgeMs(undefined, now)).toBeUndefined();
    expect(readingAgeMs('not a time', now)).toBeUndefined();
  });

  it('counts inactive and disabled sensors as inactive, and filters by status', () => {
    const sensor = (deviceStatus: 'active' | 'inactive' | 'inTransit', disabled: boolean, online = false) => ({ deviceStatus, disabled, live: { online } });
    expect(isInactiveSensor(sensor('inactive', false))).toBe(true);
    expect(isInactiveSensor(sensor('active', true))).toBe(true);
    expect(isInactiveSensor(sensor('inTransit', false))).toBe(false);
    expect(matchesStatus(sensor('inTransit', false), 'inTransit')).toBe(true);
    expect(matchesStatus(sensor('active', true), 'disabled')).toBe(true);
    expect(matchesStatus(sensor('active', false, true), 'online')).toBe(true);
    expect(matchesStatus(sensor('active', false, true), 'offline')).toBe(false);
  });
});

describe('disable and enable times', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('needs a reason; times with their zone, kept as UTC; enable on after the disable', () => {
    expect(sensorDisableInputSchema.safeParse({ reason: ' ' }).error?.issues[0]?.message).toBe(MESSAGES.disableReasonRequired);
    expect(sensorDisableInputSchema.safeParse({ reason: 'x', disableAt: '2026-05-01 14:00' }).error?.issues[0]?.message).toBe(MESSAGES.dateTimeInvalid);
    expect(sensorDisableInputSchema.parse({ reason: 'x', disableAt: '2026-05-01T14:00:00+02:00' }).disableAt).toBe('2026-05-01T12:00:00.000Z');
    expect(sensorDisableInputSchema.safeParse({ reason: 'x', disableAt: '2026-05-02T00:00:00Z', enableOn: '2026-05-01T23:00:00Z' }).error?.issues[0]?.message)
      .toBe(MESSAGES.enableOnBeforeDisable);
    expect(scheduleProblem({ enableOn: '2026-05-01T11:00:00.000Z' }, now)).toBe(MESSAGES.enableOnBeforeDisable);
    expect(scheduleProblem({ disableAt: '2026-05-01T10:00:00.000Z', enableOn: '2026-05-01T11:00:00.000Z' }, now)).toBe(MESSAGES.enableOnBeforeDisable);
    expect(scheduleProblem({ enableOn: '2026-05-01T13:00:00.000Z' }, now)).toBeUndefined();
  });

  it('takes no time, or a time already past, as now', () => {
    expect(isImmediate(undefined, now)).toBe(true);
    expect(isImmediate('2026-05-01T11:59:00.000Z', now)).toBe(true);
    expect(isImmediate('2026-05-01T12:00:01.000Z', now)).toBe(false);
  });
});

describe('Quick Register', () => {
  const ct100 = model('CT-100');

  it('reads ids separated by new lines, commas, spaces or semicolons, with their line', () => {
    expect(parseQuickRegisterLines('a1b2c3d4\r\nB1B2C3D4, C1B2C3D4;D1B2C3D4  E1B2C3D4\n\n\tF1B2C3D4\t', ct100)).toEqual([
      { line: 1, id: 'A1B2C3D4' },
      { line: 2, id: 'B1B2C3D4' },
      { line: 2, id: 'C1B2C3D4' },
      { line: 2, id: 'D1B2C3D4' },
      { line: 2, id: 'E1B2C3D4' },
      { line: 4, id: 'F1B2C3D4' },
    ]);
  });

  it('reads `id,name` (or `;` or a tab) when what follows is not a list of ids of the model', () => {
    expect(parseQuickRegisterLines('A1B2C3D4, Walk-in cooler\nB1B2C3D4;Freezer 2\nC1B2C3D4\tPrep fridge', ct100)).toEqual([
      { line: 1, id: 'A1B2C3D4', name: 'Walk-in cooler' },
      { line: 2, id: 'B1B2C3D4', name: 'Freezer 2' },
      { line: 3, id: 'C1B2C3D4', name: 'Prep fridge' },
    ]);
  });

  it('keeps every token of any pasted text, so nothing pasted is silently lost', () => {
    fc.assert(fc.property(fc.array(hexOf(8), { maxLength: 30 }), fc.array(fc.constantFrom('\n', ',', ';', ' ', ', ', '\r\n'), { minLength: 30, maxLength: 30 }), (ids, separators) => {
      const text = ids.map((id, index) => `${id}${separators[index] ?? '\n'}`).join('');
      expect(parseQuickRegisterLines(text, ct100).map((entry) => entry.id)).toEqual(ids.map((id) => id.toUpperCase()));
    }));
  });

  const input = (overrides: Record<string, unknown> = {}): QuickRegisterInput => quickRegisterInputSchema.parse({
    siteId: 's', locationId: 'l', gatewayId: 'g', deviceModel: 'CT-500D', connectionType: 'subGhz', dataLoggingProfileId: 'p', lines: 'A1B2C3D4', ...overrides,
  });

  it('refuses an empty list, more than 200 sensors, an unknown model or a connection type the model lacks', () => {
    const message = (overrides: Record<string, unknown>) => quickRegisterInputSchema.safeParse({
      siteId: 's', locationId: 'l', gatewayId: 'g', deviceModel: 'CT-100', connectionType: 'subGhz', dataLoggingProfileId: 'p', lines: 'A1B2C3D4', ...overrides,
    }).error?.issues[0]?.message;
    expect(message({ lines: ' ;\n, ' })).toBe(MESSAGES.quickRegisterLinesRequired);
    expect(message({ lines: Array.from({ length: QUICK_REGISTER_MAX_LINES + 1 }, () => 'A1B2C3D4').join('\n') })).toBe(MESSAGES.quickRegisterTooManyLines);
    expect(message({ lines: Array.from({ length: QUICK_REGISTER_MAX_LINES }, () => 'A1B2C3D4').join('\n') })).toBeUndefined();
    expect(message({ deviceModel: 'XX' })).toBe(MESSAGES.sensorModelInvalid);
    expect(message({ connectionType: 'wifi' })).toBe(MESSAGES.connectionTypeNotForModel);
    expect(message({ dataLoggingProfileId: '' })).toBe(MESSAGES.channelLogProfileRequired);
  });

  it("makes each line a whole sensor of the model: every channel with the profile and the model's first type, labels, the id as name", () => {
    const sensor = sensorInputSchema.parse(quickRegisterSensorInput(input(), { line: 1, id: 'A1B2C3D4' }));
    expect(sensor).toMatchObject({
      id: 'A1B2C3D4', name: 'A1B2C3D4', deviceModel: 'CT-500D', openLabel: 'Open', closeLabel: 'Closed',
      channels: [
        { channel: 1, dataLoggingProfileId: 'p', sensorType: 'contact', sensorSubType: 'door' },
        { channel: 2, dataLoggingProfileId: 'p', sensorType: 'temperature', sensorSubType: 'ambient' },
      ],
    });
    const probe = sensorInputSchema.parse(quickRegisterSensorInput(input({ deviceModel: 'CT-300P', channels: [{ channel: 1, sensorType: 'probe', sensorSubType: 'needle' }] }), { line: 1, id: 'A1B2C3D4', name: 'Probe' }));
    expect(probe).toMatchObject({ name: 'Probe', externalSensorType: 'none', channels: [{ sensorSubType: 'needle' }, { sensorType: 'temperature', sensorSubType: 'ambient' }] });
  });
});
