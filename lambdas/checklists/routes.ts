import { randomUUID } from 'node:crypto';
import { checklistFieldsOf } from '@domain/haccp/checklist';
import { MESSAGES } from '@domain/core/messages';
import { dayPerformance, localDateIn, weekDates, weekPerformance } from '@domain/haccp/instance';
import { instancesOfChecklistDays, readSite } from '../data';
import { createInstancesAhead } from '../data/checklist-instances-ahead';
import { filterBySite } from '../shared/access';
import { accessibleSiteIds, assertSiteAccess, assertSitesNamable } from '../data/access';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { targetCustomerId } from '../shared/http';
import { describeError, type Logger } from '../shared/observability';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { ChecklistStore } from '../data/repositories/checklists';
import { CHECKLIST_ROUTES } from '@domain/api/checklists';

const checklists = () => new ChecklistStore(dynamoDocumentClient(), backendConfig().tableName);
const notFoundMessage = MESSAGES.checklistNotFound;

/**
 * The organisation's checklist instances of the next hours made at once after a checklist is
 * added or changed, as the hourly job would: a checklist made during its shift is filled in that
 * shift, not from the next run on. The checklist is stored either way: a failure here is the
 * hourly job's to make up (it is idempotent), so it is logged, not answered.
 */
async function instancesAheadNow(customerId: string, logger: Logger): Promise<void> {
  try {
    await createInstancesAhead(dynamoDocumentClient(), backendConfig().tableName, customerId, new Date());
  } catch (error) {
    logger.error('checklist instances not created after a checklist change', { customerId, ...describeError(error) });
  }
}

/**
 * HACCP checklists (SPEC sections 2, 4, 5, 8; issue 15 section 1): the organisation's, each on
 * one site; a checklist on a site the caller may not reach is as unknown as a missing one.
 */
export const checklistRoutes = defineRoutes('checklists', [
  route(CHECKLIST_ROUTES.list, {
    action: async ({ caller, request }) => {
      const customerId = targetCustomerId(request);
      const store = checklists();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const [found, access] = await Promise.all([store.list(customerId, page), accessibleSiteIds(caller, customerId)]);
      return { statusCode: 200, body: { ...found, items: filterBySite(found.items, (checklist) => checklist.siteId, access) } };
    },
  }),
  route(CHECKLIST_ROUTES.create, {
    action: async ({ caller, body, request }) => {
      const customerId = targetCustomerId(request);
      await assertSitesNamable(caller, customerId, [body.siteId]);
      const created = await checklists().create(caller, customerId, checklistFieldsOf(body, randomUUID));
      await instancesAheadNow(customerId, request.logger);
      return { statusCode: 201, body: created };
    },
  }),
  route(CHECKLIST_ROUTES.get, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const checklist = await checklists().get(customerId, params.id);
      await assertSiteAccess(caller, customerId, checklist.siteId, { notFoundMessage });
      return { statusCode: 200, body: checklist };
    },
  }),
  route(CHECKLIST_ROUTES.update, {
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = checklists();
      const before = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, before.siteId, { notFoundMessage });
      await assertSitesNamable(caller, customerId, [body.siteId], [before.siteId]);
      const updated = await store.update(caller, customerId, params.id, checklistFieldsOf(body, randomUUID));
      await instancesAheadNow(customerId, request.logger);
      return { statusCode: 200, body: updated };
    },
  }),
  route(CHECKLIST_ROUTES.remove, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = checklists();
      const before = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, before.siteId, { notFoundMessage });
      await store.delete(caller, customerId, params.id);
      return { statusCode: 204 };
    },
  }),
  route(CHECKLIST_ROUTES.postCopy, {
    action: async ({ caller, body, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = checklists();
      const source = await store.get(customerId, params.id);
      await assertSiteAccess(caller, customerId, source.siteId, { notFoundMessage });
      await assertSitesNamable(caller, customerId, [body.siteId]);
      const copied = await store.copy(caller, customerId, params.id, body);
      // A copy is a checklist added: filled in its shift from now on, as an added one is.
      await instancesAheadNow(customerId, request.logger);
      return { statusCode: 201, body: copied };
    },
  }),
  route(CHECKLIST_ROUTES.getPerformance, {
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const checklist = await checklists().get(customerId, params.id);
      await assertSiteAccess(caller, customerId, checklist.siteId, { notFoundMessage });
      const client = dynamoDocumentClient();
      const { tableName } = backendConfig();
      const site = await readSite(client, tableName, customerId, checklist.siteId);
      const now = new Date();
      const date = localDateIn(now, site?.timezone ?? 'UTC');
      const week = weekDates(date);
      const weekStart = week[0] ?? date;
      const weekEnd = week[6] ?? date;
      const instances = (await instancesOfChecklistDays(client, tableName, customerId, checklist.id, weekStart, weekEnd)).map((instance) => ({
        date: instance.date, windowStart: new Date(instance.windowStart), windowEnd: new Date(instance.windowEnd),
        startedAt: instance.startedAt === undefined ? undefined : new Date(instance.startedAt),
        completedAt: instance.completedAt === undefined ? undefined : new Date(instance.completedAt),
      }));
      return {
        statusCode: 200,
        body: { checklistId: checklist.id, date, weekStart, weekEnd, day: dayPerformance(instances, date, now), week: weekPerformance(instances, date, now) },
      };
    },
  }),
], { module: 'haccp' });
