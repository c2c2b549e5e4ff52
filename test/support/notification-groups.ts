import { randomUUID } from 'node:crypto';
import type { StackUnderTest } from './global-setup';
import { api, type TestUser } from './identity';
import type { SensorPlace } from './sensors';

/** A valid notification group on the place's first site: the admin at level 1 by email and text. */
export function notificationGroupBody(place: SensorPlace, admin: TestUser, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Kitchen group ${randomUUID().slice(0, 8)}`,
    description: 'Kitchen alarms',
    locationId: place.locationId,
    siteIds: [place.siteId],
    schedules: [{ name: 'Every day', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], start: '00:00', end: '23:59',
      users: [{ accountId: admin.accountId, level: 1, delayMinutes: 0, channels: ['email', 'text'] }] }],
    ...overrides,
  };
}

/** Adds a notification group and returns its id (throws with the API's answer otherwise). */
export async function addNotificationGroup(stack: StackUnderTest, admin: TestUser, place: SensorPlace, overrides: Record<string, unknown> = {}): Promise<string> {
  const result = await api(stack, admin, 'POST', '/notificationgroups', notificationGroupBody(place, admin, overrides));
  if (result.status !== 201) throw new Error(`Adding a notification group answered ${result.status}: ${JSON.stringify(result.body)}`);
  return (result.body as { id: string }).id;
}
