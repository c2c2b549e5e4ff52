import type { Role } from '../domain/roles';

/** The demo organisation seeded once by `npm start` (local only). */
export const DEMO_PASSWORD = 'Demo#2026pass';

export const DEMO_ORGANISATION = {
  customerId: 'demo-foods',
  customerGroupId: 'demo-foods-group',
  name: 'Demo Foods',
  site: { id: 'demo-site-main', name: 'Main Kitchen', timezone: 'Europe/London' },
  location: {
    id: 'demo-location-hq',
    name: 'Demo Foods HQ',
    address: '1 Market Street',
    city: 'London',
    state: 'Greater London',
    country: 'United Kingdom',
    postalCode: 'EC1A 1BB',
  },
} as const;

export interface DemoUser {
  email: string;
  role: Role;
  accountId: string;
  givenName: string;
  familyName: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.example', role: 'admin', accountId: 'demo-account-admin', givenName: 'Ada', familyName: 'Admin' },
  { email: 'user@demo.example', role: 'basicuser', accountId: 'demo-account-user', givenName: 'Basil', familyName: 'User' },
  { email: 'helpdesk@demo.example', role: 'helpdesk', accountId: 'demo-account-helpdesk', givenName: 'Helen', familyName: 'Helpdesk' },
  { email: 'superadmin@demo.example', role: 'superadmin', accountId: 'demo-account-superadmin', givenName: 'Sam', familyName: 'Superadmin' },
];
