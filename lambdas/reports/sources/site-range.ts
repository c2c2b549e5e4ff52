import { siteDay } from '@domain/reports/site-day';
import type { SiteRecord } from '../../data/repositories/sites';

/**
 * The instants a report's days cover over all its sites: from the earliest site's first local
 * midnight to the latest site's last one. Sites in several zones have different days, so the
 * records are read over the union and the builder puts each on its own site's day.
 */
export function sitesRange(sites: readonly Pick<SiteRecord, 'timezone'>[], from: string, to: string): { from: string; to: string } {
  const starts = sites.map((site) => siteDay(from, site.timezone).start);
  const ends = sites.map((site) => siteDay(to, site.timezone).end);
  return { from: new Date(Math.min(...starts)).toISOString(), to: new Date(Math.max(...ends)).toISOString() };
}
