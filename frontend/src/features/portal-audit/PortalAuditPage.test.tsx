import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { PortalAuditEntry } from '@domain/reports/portal-audit';
import type { ApiRequest } from '../../api/apiFetch';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import PortalAuditPage from './PortalAuditPage';
import { ASYNC_WAIT_MS } from '../../test/waiting';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const helpdesk = 'helen@support.example';
const session = { actorEmail: helpdesk, reason: 'Ticket 4711: sensor names', mode: 'write' as const, organisationName: 'Demo Foods', startedAt: '2026-03-10T09:00:00.000Z', expiresAt: '2026-03-10T09:30:00.000Z' };
const entries: PortalAuditEntry[] = [
  {
    id: 'e-2', at: '2026-03-10T09:05:00.000Z', actor: { userId: 'u-9', email: helpdesk, role: 'admin' }, action: 'create',
    changes: [{ field: 'name', after: 'Bakery' }], proxy: { actorEmail: helpdesk, sessionId: 'p-1' }, entityType: 'DEPARTMENT', entityId: 'd-1', entityName: 'Bakery',
  },
  {
    id: 'e-1', at: '2026-03-10T09:00:00.000Z', actor: { userId: 'u-9', email: helpdesk, role: 'helpdesk' }, action: 'create',
    changes: [], entityType: 'PROXYSESSION', entityId: 'p-1', entityName: 'Demo Foods', proxySession: session,
  },
  {
    id: 'e-0', at: '2026-03-09T09:00:00.000Z', actor: { userId: 'u-1', email: 'admin@demo.example', role: 'admin' }, action: 'update',
    changes: [{ field: 'name', before: 'Old', after: 'New' }], entityType: 'DIVISION', entityId: 'v-1', entityName: 'New',
  },
];

const auditCalls = () => fake.api.mock.calls.map(([path]) => path).filter((path) => path.startsWith('/reports/portal-audit'));

describe('PortalAuditPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation((path: string, request?: ApiRequest) => {
      if (path.startsWith('/account/gridsettings/')) return {};
      if (path.startsWith('/reports/portal-audit?')) return { items: entries };
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  it("asks for the last 7 days, marks the proxy session (its reason, mode, organisation) and what was changed through it with the actor's email, and refuses over 31 days before asking", async () => {
    renderScreen(<PortalAuditPage />);
    expect(await screen.findByText('Reason: Ticket 4711: sensor names')).toBeInTheDocument();
    expect(screen.getByText('Proxy session started')).toBeInTheDocument();
    expect(screen.getByText('Changes allowed')).toBeInTheDocument();
    expect(screen.getByText('Organisation: Demo Foods')).toBeInTheDocument();
    expect(screen.getByText('Department: Bakery')).toBeInTheDocument();
    expect(screen.getAllByText(helpdesk)).toHaveLength(2);
    // The session's start and the change made through it; not the administrator's own change.
    expect(screen.getAllByText('Through a proxy session')).toHaveLength(2);
    expect(screen.getByText('admin@demo.example')).toBeInTheDocument();
    expect(screen.getByText('Portal audit: max 31 days.')).toBeInTheDocument();
    const query = new URLSearchParams(auditCalls()[0]?.split('?')[1]);
    const days = (Date.parse(query.get('to') ?? '') - Date.parse(query.get('from') ?? '')) / 86_400_000;
    expect(days).toBeGreaterThan(7);
    expect(days).toBeLessThan(8);

    // Over 31 days: refused with its message before the API is asked.
    const asked = auditCalls().length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-27' } });
    expect(await screen.findByText(MESSAGES.portalAuditRangeTooLong)).toBeInTheDocument();
    expect(auditCalls()).toHaveLength(asked);
    // 31 days are asked for.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    await vi.waitFor(() => expect(auditCalls()).toHaveLength(asked + 1), { timeout: ASYNC_WAIT_MS });
    expect(screen.queryByText(MESSAGES.portalAuditRangeTooLong)).toBeNull();
  });
});
