import { describe, expect, it } from 'vitest';
import { celsiusToFahrenheit, displayValue, formatReading, unitSymbol } from './readingUnits';

const labels = { open: 'Open', close: 'Closed' };

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

  it('formats a reading with its unit, a contact with the sensor labels, and nothing for a missing value', () => {
    expect(formatReading(-18, 'C', 'C', labels)).toBe('-18 °C');
    expect(formatReading(-18, 'C', 'F', labels)).toBe('-0.4 °F');
    expect(formatReading(1, 'state', 'C', labels)).toBe('Open');
    expect(formatReading(0, 'state', 'C', { open: 'Ajar', close: 'Shut' })).toBe('Shut');
    expect(formatReading(null, 'C', 'C', labels)).toBeNull();
    expect(formatReading(undefined, '%RH', 'C', labels)).toBeNull();
  });
});

describe('reading summary', () => {
  it('lists each channel value with its unit in channel order, skipping channels without a value', async () => {
    const { readingSummary } = await import('./readingUnits');
    const channels = [{ channel: 2, sensorType: 'humidity' as const }, { channel: 1, sensorType: 'temperature' as const }, { channel: 3, sensorType: 'probe' as const }];
    expect(readingSummary(channels, { 1: 3.5, 2: 61, 3: null }, 'F', labels)).toBe('38.3 °F · 61 %RH');
    expect(readingSummary([{ channel: 1, sensorType: 'contact' }], { 1: 1 }, 'C', labels)).toBe('Open');
    expect(readingSummary(channels, undefined, 'C', labels)).toBe('');
  });
});
