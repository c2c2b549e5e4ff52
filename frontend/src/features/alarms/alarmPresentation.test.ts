import { describe, expect, it } from 'vitest';
import { alarmState, alarmValueText, signalBand } from './alarmPresentation';

const labels = { open: 'Open', close: 'Closed' };

describe('how alarms read', () => {
  it('shows an out-of-range value in the user\'s unit by what its profile measures', () => {
    expect(alarmValueText({ type: 'threshold' }, 8.44, { uom: 'C', language: 'en', measurement: 'temperature', contactLabels: labels })).toBe('8.4 °C');
    expect(alarmValueText({ type: 'threshold' }, 4, { uom: 'F', language: 'en', measurement: 'temperature', contactLabels: labels })).toBe('39.2 °F');
    expect(alarmValueText({ type: 'threshold' }, 82, { uom: 'F', language: 'en', measurement: 'humidity', contactLabels: labels })).toBe('82 %RH');
    expect(alarmValueText({ type: 'threshold' }, 8.44, { uom: 'F', language: 'en', contactLabels: labels })).toBe('8.4');
  });

  it('shows a battery in percent, a door by its label, and a dash for no value', () => {
    expect(alarmValueText({ type: 'battery' }, 18, { uom: 'C', language: 'en', contactLabels: labels })).toBe('18 %');
    expect(alarmValueText({ type: 'contact' }, 1, { uom: 'C', language: 'en', contactLabels: labels })).toBe('Open');
    expect(alarmValueText({ type: 'probeMissing' }, null, { uom: 'C', language: 'en', contactLabels: labels })).toBe('–');
  });

  it('names the state: not acknowledged, acknowledged while still in alarm, cleared unacknowledged, resolved', () => {
    expect(alarmState({ status: 'active' })).toBe('unacknowledged');
    expect(alarmState({ status: 'active', acknowledgedAt: 'x' })).toBe('acknowledged');
    expect(alarmState({ status: 'active', clearedAt: 'x' })).toBe('clearedUnacknowledged');
    expect(alarmState({ status: 'history', clearedAt: 'x', acknowledgedAt: 'x' })).toBe('resolved');
  });

  it('bands the signal as the legend says', () => {
    expect([-70, -80, -90, -100, -110, -120].map(signalBand)).toEqual(['excellent', 'excellent', 'good', 'fair', 'fair', 'poor']);
  });
});
