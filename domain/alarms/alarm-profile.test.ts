import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { alarmProfileInputSchema, inStoredUnits, storedLimitsOf, toCelsius, toFahrenheit, type AlarmProfileInput } from './alarm-profile';

const walkInCooler: AlarmProfileInput = {
  name: 'Walk-in cooler',
  description: '0-5 °C, 30 minutes',
  types: ['outOfRange', 'inactivity'],
  alarmDelayMinutes: 30,
  notificationDelayMinutes: 0,
  snoozeIntervalMinutes: 30,
  snoozeLimit: 3,
  min: 0,
  max: 5,
};

/** The messages a profile is refused with, by field. */
function refusals(input: unknown): Record<string, string[]> {
  const result = alarmProfileInputSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[issue.path.join('.')] ??= []).push(issue.message);
  return byField;
}

describe('alarm profile rules (SPEC section 5)', () => {
  it('accepts a walk-in cooler and fills the defaults', () => {
    const profile = alarmProfileInputSchema.parse(walkInCooler);
    expect(profile).toMatchObject({ measurement: 'temperature', unit: 'C', processBased: false, schedule: { kind: 'always' }, types: ['inactivity', 'outOfRange'] });
  });

  it('requires name, description, a type, the delays and the snooze', () => {
    expect(refusals({})).toEqual({
      name: [MESSAGES.nameRequired],
      description: [MESSAGES.descriptionRequired],
      types: [MESSAGES.alarmProfileTypeRequired],
      alarmDelayMinutes: [MESSAGES.alarmMinutesRange],
      notificationDelayMinutes: [MESSAGES.alarmMinutesRange],
      snoozeIntervalMinutes: [MESSAGES.alarmMinutesRange],
      snoozeLimit: [MESSAGES.alarmSnoozeLimitRange],
    });
    expect(refusals({ ...walkInCooler, types: [] })).toEqual({ types: [MESSAGES.alarmProfileTypeRequired] });
  });

  it('takes minutes from 0 to 180 only', () => {
    expect(refusals({ ...walkInCooler, alarmDelayMinutes: 0 })).toEqual({});
    expect(refusals({ ...walkInCooler, alarmDelayMinutes: '180' })).toEqual({});
    for (const bad of [-1, 181, 2.5, 'soon']) expect(refusals({ ...walkInCooler, notificationDelayMinutes: bad })).toEqual({ notificationDelayMinutes: [MESSAGES.alarmMinutesRange] });
  });

  it('out of range needs min and max, not equal, min not above max', () => {
    expect(refusals({ ...walkInCooler, min: undefined, max: '' })).toEqual({ min: [MESSAGES.alarmMinRequired], max: [MESSAGES.alarmMaxRequired] });
    expect(refusals({ ...walkInCooler, min: 4, max: 4 })).toEqual({ max: [MESSAGES.alarmMinMaxEqual] });
    expect(refusals({ ...walkInCooler, min: 6, max: 4 })).toEqual({ min: [MESSAGES.alarmMinAboveMax] });
    // A profile without out of range needs no limits.
    expect(refusals({ ...walkInCooler, types: ['inactivity'], min: undefined, max: undefined })).toEqual({});
  });

  it('bounds temperatures by the user\'s unit and humidity by percent', () => {
    expect(refusals({ ...walkInCooler, min: -201 })).toEqual({ min: [MESSAGES.alarmTemperatureRangeC] });
    expect(refusals({ ...walkInCooler, max: 501 })).toEqual({ max: [MESSAGES.alarmTemperatureRangeC] });
    expect(refusals({ ...walkInCooler, unit: 'F', min: -300, max: 932 })).toEqual({});
    expect(refusals({ ...walkInCooler, unit: 'F', min: -329 })).toEqual({ min: [MESSAGES.alarmTemperatureRangeF] });
    expect(refusals({ ...walkInCooler, measurement: 'humidity', min: 30, max: 101 })).toEqual({ max: [MESSAGES.alarmPercentRange] });
  });

  it('low battery needs its threshold (percent) and life', () => {
    const battery = { ...walkInCooler, types: ['lowBattery'] };
    expect(refusals(battery)).toEqual({ batteryThresholdPercent: [MESSAGES.alarmBatteryThresholdRequired], batteryLifeDays: [MESSAGES.alarmBatteryLifeRequired] });
    expect(refusals({ ...battery, batteryThresholdPercent: 120, batteryLifeDays: 0 })).toEqual({ batteryThresholdPercent: [MESSAGES.alarmPercentRange], batteryLifeDays: [MESSAGES.alarmBatteryLifeInvalid] });
    expect(refusals({ ...battery, batteryThresholdPercent: '20', batteryLifeDays: '365' })).toEqual({});
  });

  it('checks the deadband and the inactivity window when given', () => {
    expect(refusals({ ...walkInCooler, deadband: -0.1 })).toEqual({ deadband: [MESSAGES.alarmDeadbandInvalid] });
    expect(refusals({ ...walkInCooler, inactivityMinutes: 0 })).toEqual({ inactivityMinutes: [MESSAGES.alarmInactivityInvalid] });
    expect(refusals({ ...walkInCooler, inactivityMinutes: 45 })).toEqual({});
  });
});

describe('stored limits', () => {
  it('default the deadband to 0.5 °C or 2 %RH', () => {
    expect(storedLimitsOf(alarmProfileInputSchema.parse(walkInCooler))).toEqual({ min: 0, max: 5, deadband: 0.5 });
    expect(storedLimitsOf(alarmProfileInputSchema.parse({ ...walkInCooler, measurement: 'humidity', min: 30, max: 60 }))).toEqual({ min: 30, max: 60, deadband: 2 });
  });

  it('turn Fahrenheit limits into °C, the deadband as a span', () => {
    const limits = storedLimitsOf(alarmProfileInputSchema.parse({ ...walkInCooler, unit: 'F', min: 32, max: 41, deadband: 0.9 }));
    expect(limits?.min).toBeCloseTo(0, 9);
    expect(limits?.max).toBeCloseTo(5, 9);
    expect(limits?.deadband).toBeCloseTo(0.5, 9);
  });

  it('convert both ways without drift', () => {
    fc.assert(fc.property(fc.double({ min: -200, max: 500, noNaN: true }), (celsius) => {
      expect(toCelsius(toFahrenheit(celsius))).toBeCloseTo(celsius, 9);
    }));
  });

  it('are absent for a profile without out of range', () => {
    expect(storedLimitsOf(alarmProfileInputSchema.parse({ ...walkInCooler, types: ['stateChange'] }))).toBeUndefined();
  });
});

describe('A profile kept in stored units', () => {
  it('keeps °C limits as given and turns °F limits into °C (the deadband as a span)', () => {
    const celsius = inStoredUnits(alarmProfileInputSchema.parse(walkInCooler));
    expect(celsius).toMatchObject({ unit: 'C', min: walkInCooler.min, max: walkInCooler.max });
    const stored = inStoredUnits(alarmProfileInputSchema.parse({ ...walkInCooler, unit: 'F', min: 32, max: 41, deadband: 0.9 }));
    expect(stored).toMatchObject({ unit: 'C', min: 0, max: 5, deadband: 0.5 });
    expect(storedLimitsOf(stored)).toEqual({ min: 0, max: 5, deadband: 0.5 });
  });

  it('leaves humidity limits alone', () => {
    expect(inStoredUnits(alarmProfileInputSchema.parse({ ...walkInCooler, measurement: 'humidity', unit: 'F', min: 30, max: 60 }))).toMatchObject({ unit: 'C', min: 30, max: 60 });
  });
});
