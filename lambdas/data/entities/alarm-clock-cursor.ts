import { Entity } from 'electrodb';
import { SERVICE } from '../key-parts';

/** Where the clock got to: the last minute it has done. */
export const alarmClockCursor = new Entity({
  model: { entity: 'alarmClockCursor', version: '1', service: SERVICE },
  attributes: {
    name: { type: 'string', required: true },
    minute: { type: 'string' },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'], template: 'ALARMCLOCK#${name}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'CURSOR', casing: 'none' },
    },
  },
});
