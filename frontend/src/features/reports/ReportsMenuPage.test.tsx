import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_MODULES } from '@domain/organisation/modules';
import { REPORT_IDS } from '@domain/reports/catalogue';
import { REPORT_NAMES } from '@domain/reports/names';
import { DEFAULT_SESSION_STATE, replaceClientState, updateClientState } from '../../session/clientState';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { availableReports } from './availableReports';
import ReportsMenuPage from './ReportsMenuPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const CHECKLIST_REPORTS = ['checklistReport', 'checklistPerformance'];
const names = () => within(screen.getByRole('list', { name: 'Reports' })).getAllByRole('link').map((link) => link.textContent);
const english = (ids: readonly string[]) => ids.map((id) => REPORT_NAMES[id as keyof typeof REPORT_NAMES].en);

describe('which reports a user may run', () => {
  const reader = { role: 'admin' as const, haccpAvailable: true, organisationModules: ALL_MODULES, seesWholeOrganisation: true };

  it('gives an administrator who sees the whole organisation, with HACCP, every report', () => {
    expect(availableReports(reader)).toEqual(REPORT_IDS);
  });

  it('needs the HACCP module and the user\'s HACCP access for the checklist reports, whole-organisation access for the Portal Audit', () => {
    expect(availableReports({ ...reader, haccpAvailable: false })).toEqual(REPORT_IDS.filter((id) => !CHECKLIST_REPORTS.includes(id)));
    expect(availableReports({ ...reader, organisationModules: { ...ALL_MODULES, isHaccapAvailable: false } })).toEqual(REPORT_IDS.filter((id) => !CHECKLIST_REPORTS.includes(id)));
    expect(availableReports({ ...reader, seesWholeOrganisation: false })).toEqual(REPORT_IDS.filter((id) => id !== 'portalAudit'));
  });

  it('gives a basic user no Portal Audit, even with corporate access, and nobody else any report', () => {
    expect(availableReports({ ...reader, role: 'basicuser' })).toEqual(REPORT_IDS.filter((id) => id !== 'portalAudit'));
    expect(availableReports({ ...reader, role: 'helpdesk' })).toEqual([]);
    expect(availableReports({ ...reader, role: null })).toEqual([]);
  });
});

describe('ReportsMenuPage', () => {
  beforeEach(() => {
    replaceClientState(DEFAULT_SESSION_STATE);
    fake.api.mockReset();
  });

  it('lists an administrator with corporate access and HACCP every report by name, each opening its form (the Portal Audit at the address of the screen it replaced), Report History and the file check', () => {
    fake.role = 'admin';
    updateClientState({ corporateAdmin: true, haccpAvailable: true });
    renderScreen(<ReportsMenuPage />);
    expect(names()).toEqual(english(REPORT_IDS));
    expect(screen.getByRole('link', { name: 'Vaccine' })).toHaveAttribute('href', '/app/reports/vaccine');
    expect(screen.getByRole('link', { name: 'Portal Audit' })).toHaveAttribute('href', '/app/reports/portal-audit');
    expect(screen.getByRole('link', { name: 'Report History: files generated' })).toHaveAttribute('href', '/app/reports/history');
    expect(screen.getByRole('link', { name: 'Check a report file' })).toHaveAttribute('href', '/verify');
    expect(fake.api).not.toHaveBeenCalled();
  });

  it('shows a basic user without HACCP access neither the checklist reports nor the Portal Audit', () => {
    fake.role = 'basicuser';
    updateClientState({ corporateAdmin: true, haccpAvailable: false });
    renderScreen(<ReportsMenuPage />);
    expect(names()).toEqual(english(REPORT_IDS.filter((id) => id !== 'portalAudit' && !CHECKLIST_REPORTS.includes(id))));
    expect(screen.queryByRole('link', { name: 'Portal Audit on screen' })).toBeNull();
  });

  it('shows an administrator without corporate access no Portal Audit, in French too', async () => {
    fake.role = 'admin';
    updateClientState({ corporateAdmin: false, haccpAvailable: true });
    await i18next.changeLanguage('fr');
    try {
      renderScreen(<ReportsMenuPage />);
      const shown = within(screen.getByRole('list', { name: 'Rapports' })).getAllByRole('link').map((link) => link.textContent);
      expect(shown).toEqual(REPORT_IDS.filter((id) => id !== 'portalAudit').map((id) => REPORT_NAMES[id].fr));
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
