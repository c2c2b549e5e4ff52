import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, displayValue, formatChannelValue, formatValue, readingSummary, unitSymbol, type ChannelFormat } from './readingUnits';

const labels = { open: 'Open', close: 'Closed' };
const inEnglish = (uom: 'C' | 'F' = 'C', contact = labels): ChannelFormat => ({ uom, language: 'en', labels: contact });

describe('reading units', () => {
  it('converts Celsius to Fahrenheit at the fixed points', () => {
    expect(celsiusToFahrenheit(0)).toBe(32);
    expect(celsiusToFahrenheit(100)).toBe(212);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
  });

  it('shows temperatures in the user unit, rounded to one decimal, and other units as stored', () => {
    expect(displayValue(4.25, 'C', 'F')).toBe(39.7);
    expect(displayValue(4.25, 'C', 'C')).toBe(4.3);
    expect(displayValue(55.55, '%RH', 'F')).toBe(55.6);
    expect(unitSymbol('C', 'F')).toBe('°F');
    expect(unitSymbol('C', 'C')).toBe('°C');
    expect(unitSymbol('%TPM', 'F')).toBe('%TPM');
  });

  it('formats a value with its unit, a contact with the given labels, and nothing for a missing value', () => {
    expect(formatValue(-18, 'C', inEnglish())).toBe('-18 °C');
    expect(formatValue(-18, 'C', inEnglish('F'))).toBe('-0.4 °F');
    expect(formatValue(1, 'state', inEnglish())).toBe('Open');
    expect(formatValue(0, 'state', inEnglish('C', { open: 'Ajar', close: 'Shut' }))).toBe('Shut');
    expect(formatValue(null, 'C', inEnglish())).toBeNull();
    expect(formatValue(undefined, '%RH', inEnglish())).toBeNull();
    expect(formatValue(Number.NaN, 'C', inEnglish())).toBeNull();
  });

  it("writes numbers in the user's language", () => {
    expect(formatValue(-18.44, 'C', { ...inEnglish(), language: 'fr' })).toBe('-18,4 °C');
    expect(formatValue(-18.44, 'C', { ...inEnglish(), language: 'es' })).toBe('-18,4 °C');
    expect(formatValue(1234.56, '%RH', inEnglish())).toBe('1,234.6 %RH');
  });
});

describe('a channel by its configuration (issue 17 item 4: one formatting everywhere)', () => {
  it("reads a fryer's oil temperature channel in degrees, its polar material in %TPM", () => {
    expect(formatChannelValue(178.3, { sensorType: 'oilQuality', sensorSubType: 'oilTemperature' }, inEnglish())).toBe('178.3 °C');
    expect(formatChannelValue(178.3, { sensorType: 'oilQuality', sensorSubType: 'oilTemperature' }, inEnglish('F'))).toBe('352.9 °F');
    expect(formatChannelValue(14.5, { sensorType: 'oilQuality', sensorSubType: 'totalPolarMaterial' }, inEnglish())).toBe('14.5 %TPM');
  });

  it("reads a door by the sensor's own labels", () => {
    const door = { sensorType: 'contact' as const, sensorSubType: 'door' };
    expect(formatChannelValue(0, door, inEnglish('C', { open: 'Door open', close: 'Door shut' }))).toBe('Door shut');
    expect(formatChannelValue(1, door, inEnglish('C', { open: 'Door open', close: 'Door shut' }))).toBe('Door open');
  });

  it('lists each channel value with its unit in channel order, skipping channels without a value', () => {
    const channels = [{ channel: 2, sensorType: 'humidity' as const }, { channel: 1, sensorType: 'temperature' as const }, { channel: 3, sensorType: 'probe' as const }];
    expect(readingSummary(channels, { 1: 3.5, 2: 61, 3: null }, inEnglish('F'))).toBe('38.3 °F · 61 %RH');
    expect(readingSummary(channels, { 1: 3.5, 2: 61.5 }, { ...inEnglish(), language: 'fr' })).toBe('3,5 °C · 61,5 %RH');
    expect(readingSummary([{ channel: 1, sensorType: 'contact' }], { 1: 1 }, inEnglish())).toBe('Open');
    expect(readingSummary(channels, undefined, inEnglish())).toBe('');
  });
});
