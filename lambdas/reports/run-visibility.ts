import type { ReportRun } from '@domain/reports/runs';
import { maySeeSite, siteAccessOf, type AccessScope } from '../shared/access';
import type { Caller } from '../shared/caller';

/**
 * Whether the caller may see a run (Report History, a run's status, its download): their own;
 * otherwise only a reader who sees the whole organisation, or an administrator of every site
 * the run covers (a run of no site, such as the Portal Audit, only to whoever sees it all).
 */
export function maySeeRun(caller: Caller, scope: AccessScope, run: ReportRun): boolean {
  if (caller.proxy === undefined && run.requestedBy.userId === caller.userId) return true;
  if (scope.kind === 'all') return true;
  if (caller.role !== 'admin' || run.siteIds.length === 0) return false;
  const access = siteAccessOf(scope);
  return run.siteIds.every((siteId) => maySeeSite(access, siteId));
}
