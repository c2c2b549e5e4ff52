import { describe, expect, it } from 'vitest';
import { channelStates, groupsNaming, recentTestSends, TEST_MESSAGE_LIMIT } from './my-notifications';
import type { NotificationGroup } from './notification-group';

const group = (id: string, schedules: NotificationGroup['schedules']): NotificationGroup => ({
  id, name: `Group ${id}`, description: 'd', groupType: 'sensor', isDefault: false, locationId: 'l-1', siteIds: ['s-1'], schedules,
  sensorCount: 0, gatewayCount: 0, createdAt: '', updatedAt: '', createdBy: '', updatedBy: '', version: 1,
});
const schedule = (name: string, users: NotificationGroup['schedules'][number]['users']) => ({ name, days: ['monday' as const], start: '08:00', end: '18:00', users });

describe("a user's own notifications", () => {
  it('keeps the groups and, of each, the schedules that name the user, with their level, delay and channels', () => {
    const groups = [
      group('g-1', [
        schedule('Days', [{ accountId: 'a-1', level: 2, delayMinutes: 15, channels: ['email', 'push'] }, { accountId: 'a-2', level: 1, delayMinutes: 0, channels: ['text'] }]),
        schedule('Nights', [{ accountId: 'a-2', level: 1, delayMinutes: 0, channels: ['voice'] }]),
      ]),
      group('g-2', [schedule('Always', [{ accountId: 'a-2', level: 3, delayMinutes: 30, channels: ['email'] }])]),
    ];
    expect(groupsNaming(groups, 'a-1')).toEqual([{
      id: 'g-1', name: 'Group g-1', groupType: 'sensor',
      schedules: [{ name: 'Days', days: ['monday'], start: '08:00', end: '18:00', level: 2, delayMinutes: 15, channels: ['email', 'push'] }],
    }]);
    expect(groupsNaming(groups, 'a-3')).toEqual([]);
  });

  it('lists every channel in order, with the reason of those that do not reach the user', () => {
    expect(channelStates((channel) => (channel === 'text' ? 'noVerifiedPhone' : undefined))).toEqual([
      { channel: 'email', reachable: true },
      { channel: 'text', reachable: false, reason: 'noVerifiedPhone' },
      { channel: 'pager', reachable: true },
      { channel: 'push', reachable: true },
      { channel: 'voice', reachable: true },
    ]);
  });

  it('counts the test messages of the last ten minutes only', () => {
    const now = 1_000_000_000;
    const window = TEST_MESSAGE_LIMIT.windowMs;
    expect(recentTestSends([now - window, now - window + 1, now - 1, now], now)).toEqual([now - window + 1, now - 1, now]);
  });
});
