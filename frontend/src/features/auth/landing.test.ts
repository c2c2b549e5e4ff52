import { describe, expect, it } from 'vitest';
import { landingAfterSignIn } from './landing';

describe('landingAfterSignIn', () => {
  it('goes to the dashboard by default', () => {
    expect(landingAfterSignIn(null)).toBe('/app/dashboard');
    expect(landingAfterSignIn('/app/departments')).toBe('/app/dashboard');
  });

  it('honours a direct-report redirect only', () => {
    expect(landingAfterSignIn('/app/direct-report/42')).toBe('/app/direct-report/42');
    expect(landingAfterSignIn('https://elsewhere.example/app/direct-report')).toBe('/app/dashboard');
  });
});
