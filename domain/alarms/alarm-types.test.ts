import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../identity/user';
import { defaultTemplate } from '../notifications/templates';
import { alarmProfileInputSchema } from './alarm-profile';
import { ALARM_PROFILE_TYPES, ALARM_TYPE_CATALOGUE, ALARM_TYPES, alarmTypeEntry, CHANNEL_JUDGED_ALARM_TYPES, LISTED_ALARM_TYPES } from './alarm-types';
import { conditionsOf } from './engine';

// The catalogue's wiring (issue 33 section 3): what the type checker cannot see is checked here.
describe('the alarm types catalogue', () => {
  it('turns each alarm type on by one profile type of its own; only "alarm triggered" turns none on', () => {
    const profileTypes = ALARM_TYPES.flatMap((type) => {
      const { profileType } = alarmTypeEntry(type);
      return profileType === undefined ? [] : [profileType];
    });
    expect(new Set(profileTypes).size).toBe(profileTypes.length);
    expect(ALARM_PROFILE_TYPES.filter((type) => !profileTypes.includes(type))).toEqual(['alarmTriggered']);
  });

  it('leaves a profile type only to the types a profile raises (not a checklist\'s)', () => {
    for (const type of ALARM_TYPES) expect(alarmTypeEntry(type).profileType === undefined, type).toBe(ALARM_TYPE_CATALOGUE[type].judged.on === 'checklist');
  });

  it('has the engine judge each channel-judged type on the channels of its sensor type', () => {
    for (const type of CHANNEL_JUDGED_ALARM_TYPES) {
      const { profileType, judged } = ALARM_TYPE_CATALOGUE[type];
      const profile = alarmProfileInputSchema.parse({
        name: 'Catalogue', description: type, types: [profileType], alarmDelayMinutes: 0, notificationDelayMinutes: 0, snoozeIntervalMinutes: 0, snoozeLimit: 0,
      });
      const conditions = conditionsOf(profile, [{ channel: '1', sensorType: judged.sensorType }, { channel: '2', sensorType: 'humidity' }]);
      expect(conditions.map((condition) => [condition.type, condition.channel]), type).toEqual([[type, '1']]);
    }
  });

  it('gives each type an alarm message in every language, naming a value and a limit exactly when it has them', () => {
    for (const type of ALARM_TYPES) {
      const { value, limit } = ALARM_TYPE_CATALOGUE[type];
      for (const language of LANGUAGES) {
        const { text } = defaultTemplate('alarm', 'email', language, type);
        expect(text.includes('{value}'), `${type} ${language} {value}`).toBe(value !== 'none');
        expect(text.includes('{limit}'), `${type} ${language} {limit}`).toBe(limit !== 'none');
      }
    }
  });

  it('lists every type a person acknowledges, and no other', () => {
    expect(LISTED_ALARM_TYPES).toEqual(ALARM_TYPES.filter((type) => type !== 'checklistReminder'));
  });
});
