import { describe, expect, it } from 'vitest';
import { gatewayDeleteRefusal, gatewayIdOf, gatewayInputSchema, fillTemplate, GATEWAY_MAX_IMAGES } from './gateway';
import { MESSAGES } from '../core/messages';

const valid = {
  name: 'Back store gateway',
  model: 'GW-LR8',
  macId: '00-1a-2b-3c-4d-5e',
  eui: 'a84041ffff1e2b3c',
  locationIds: ['loc-1'],
  siteId: 'site-1',
};

const messagesOf = (input: unknown) => {
  const result = gatewayInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the gateway form (SPEC section 5 "Gateway")', () => {
  it('keeps the MAC id upper case and colon separated, and the EUI upper case (the gateway id)', () => {
    const gateway = gatewayInputSchema.parse(valid);
    expect(gateway.macId).toBe('00:1A:2B:3C:4D:5E');
    expect(gateway.eui).toBe('A84041FFFF1E2B3C');
    expect(gatewayIdOf(valid.eui)).toBe('A84041FFFF1E2B3C');
    expect(gateway).toMatchObject({ notes: '', imageFileIds: [], isActive: true });
    expect(gateway.position).toBeUndefined();
  });

  it.each(['001A2B3C4D5E', '00:1a:2b:3c:4d:5e', '00-1A-2B-3C-4D-5E'])('takes the MAC id %s', (macId) => {
    expect(gatewayInputSchema.parse({ ...valid, macId }).macId).toBe('00:1A:2B:3C:4D:5E');
  });

  it.each(['00:1A:2B:3C:4D', '00:1A:2B:3C:4D:5G', '00:1A-2B:3C:4D:5E', '001A2B3C4D5E6F', 'not a mac'])('refuses the MAC id %s', (macId) => {
    expect(messagesOf({ ...valid, macId })).toEqual([MESSAGES.macIdInvalid]);
  });

  it.each(['A84041FFFF1E2B3', 'A84041FFFF1E2B3CD', 'A84041FFFF1E2B3G', 'A8:40:41:FF:FF:1E:2B:3C'])('refuses the EUI %s', (eui) => {
    expect(messagesOf({ ...valid, eui })).toEqual([MESSAGES.euiInvalid]);
  });

  it('requires model, MAC id, EUI and name, each with its own message', () => {
    expect(messagesOf({ ...valid, name: ' ', model: '', macId: undefined, eui: '' })).toEqual([
      MESSAGES.gatewayNameRequired, MESSAGES.gatewayModelRequired, MESSAGES.macIdRequired, MESSAGES.euiRequired,
    ]);
    expect(messagesOf({ ...valid, model: 'GW-NOPE' })).toEqual([MESSAGES.gatewayModelInvalid]);
  });

  it('refuses empty locations and a missing site', () => {
    expect(messagesOf({ ...valid, locationIds: [] })).toEqual([MESSAGES.gatewayLocationsRequired]);
    expect(messagesOf({ ...valid, locationIds: undefined })).toEqual([MESSAGES.gatewayLocationsRequired]);
    expect(messagesOf({ ...valid, siteId: '' })).toEqual([MESSAGES.gatewaySiteRequired]);
  });

  it(`takes up to ${GATEWAY_MAX_IMAGES} images, and says so in the spec's words past that`, () => {
    const ids = (count: number) => Array.from({ length: count }, (_unused, index) => `image-${index}`);
    expect(gatewayInputSchema.parse({ ...valid, imageFileIds: ids(5) }).imageFileIds).toHaveLength(5);
    expect(messagesOf({ ...valid, imageFileIds: ids(6) })).toEqual(['A maximum of 5 images are only allowed.']);
  });

  it('takes a position as numbers or a form\'s text, within range, or none when both are empty', () => {
    expect(gatewayInputSchema.parse({ ...valid, position: { latitude: '51.5', longitude: -0.12 } }).position).toEqual({ latitude: 51.5, longitude: -0.12 });
    expect(gatewayInputSchema.parse({ ...valid, position: { latitude: '', longitude: '' } }).position).toBeUndefined();
    expect(messagesOf({ ...valid, position: { latitude: 91, longitude: 0 } })).toEqual([MESSAGES.latitudeInvalid]);
    expect(messagesOf({ ...valid, position: { latitude: 10, longitude: -181 } })).toEqual([MESSAGES.longitudeInvalid]);
    expect(messagesOf({ ...valid, position: { latitude: 10 } })).toEqual([MESSAGES.longitudeInvalid]);
  });

  it('treats an empty alarm profile or notification group as none', () => {
    const gateway = gatewayInputSchema.parse({ ...valid, alarmProfileId: '', notificationGroupId: null });
    expect(gateway.alarmProfileId).toBeUndefined();
    expect(gateway.notificationGroupId).toBeUndefined();
  });
});

describe('the gateway delete refusal (SPEC section 8)', () => {
  it('lets a gateway without sensors or notes go', () => {
    expect(gatewayDeleteRefusal({ name: 'Store', sensorCount: 0, noteCount: 0 })).toBeUndefined();
  });

  it('names the gateway and its sensor count, and gives the parts for translation', () => {
    expect(gatewayDeleteRefusal({ name: 'Store', sensorCount: 3, noteCount: 0 })).toEqual({
      message: 'Gateway Store cannot be deleted: it has 3 sensor(s) and 0 note(s). Remove them first.',
      gatewayName: 'Store', sensorCount: 3, noteCount: 0,
    });
    expect(gatewayDeleteRefusal({ name: 'Store', sensorCount: 0, noteCount: 1 })?.message).toContain('0 sensor(s) and 1 note(s)');
  });

  it('fills only the placeholders it is given', () => {
    expect(fillTemplate('{{a}} and {{ b }} but {{c}}', { a: 1, b: 'two' })).toBe('1 and two but {{c}}');
  });
});
