import type { Role } from '@domain/identity/roles';

/** The demo organisation seeded once by `npm start` (local only). */
export const DEMO_PASSWORD = 'Demo#2026pass';

export const DEMO_ORGANISATION = {
  customerId: 'demo-foods',
  customerGroupId: 'demo-foods-group',
  name: 'Demo Foods',
  /** A real site (domain/organisation/site.ts): in the demo location, billed at its own address. */
  site: {
    id: 'demo-site-main',
    name: 'Main Kitchen',
    siteId: 'MK-001',
    timezone: 'Europe/London',
    address: '1 Market Street',
    city: 'London',
    state: 'Greater London',
    country: 'United Kingdom',
    postalCode: 'EC1A 1BB',
    latitude: 51.5203,
    longitude: -0.0977,
    adminName: 'Ada Admin',
    adminEmail: 'admin@demo.example',
    adminPhone: '+447700900123',
    billingName: 'Demo Foods Accounts',
    billingEmail: 'accounts@demo.example',
    billingPhone: '+447700900456',
    billingAddressSameAsSite: true,
    haccpSubscriptionStart: '2026-01-01',
    haccpSubscriptionEnd: '2026-12-31',
    monitoringSubscriptionStart: '2026-01-01',
    monitoringSubscriptionEnd: '2026-12-31',
    installationDate: '2025-12-15',
    taxExempt: false,
    retainAdditionalFieldAnswers: true,
  },
  /** A real location (domain/organisation/location.ts). */
  location: {
    id: 'demo-location-hq',
    name: 'Demo Foods HQ',
    address: '1 Market Street',
    city: 'London',
    state: 'Greater London',
    country: 'United Kingdom',
    postalCode: 'EC1A 1BB',
    latitude: 51.5203,
    longitude: -0.0977,
  },
} as const;

export interface DemoUser {
  email: string;
  role: Role;
  accountId: string;
  givenName: string;
  familyName: string;
  /** A verified mobile that takes alarm texts (Ofcom's drama range: never a real phone). */
  phone?: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@demo.example', role: 'admin', accountId: 'demo-account-admin', givenName: 'Ada', familyName: 'Admin', phone: '+447700900001' },
  { email: 'user@demo.example', role: 'basicuser', accountId: 'demo-account-user', givenName: 'Basil', familyName: 'User' },
  { email: 'helpdesk@demo.example', role: 'helpdesk', accountId: 'demo-account-helpdesk', givenName: 'Helen', familyName: 'Helpdesk' },
  { email: 'superadmin@demo.example', role: 'superadmin', accountId: 'demo-account-superadmin', givenName: 'Sam', familyName: 'Superadmin' },
];
