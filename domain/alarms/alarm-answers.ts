import * as z from 'zod';
import { ALARM_TYPES, alarmSchema } from './alarm';

/**
 * The alarms API's answers that are not an alarm or a page of them (issue 13 section 3): what
 * several alarms acknowledged at once came to, and the counts the navigation badge and the
 * sensors list show. Shared by the API (its OpenAPI document) and the browser.
 */

/**
 * `POST /alarms/acknowledge`: each alarm acknowledged on its own version, or refused in the
 * product's words with the refusal's stable code beside them (a `MESSAGES` key, as the
 * `x-error-code` header of other refusals), so a client translates by code, never by text.
 */
export const bulkAcknowledgementRefusalSchema = z.object({ id: z.string(), code: z.string(), message: z.string() });
export type BulkAcknowledgementRefusal = z.output<typeof bulkAcknowledgementRefusalSchema>;
export const bulkAcknowledgementResultSchema = z.object({
  acknowledged: z.array(alarmSchema),
  refused: z.array(bulkAcknowledgementRefusalSchema),
});
export type BulkAcknowledgementResult = z.output<typeof bulkAcknowledgementResultSchema>;

/** `GET /alarms/summary`: the active alarms the caller reaches, counted. */
export const alarmSummarySchema = z.object({
  active: z.number().int(),
  unacknowledged: z.number().int(),
  byType: z.partialRecord(z.enum(ALARM_TYPES), z.number().int()),
  /** By site id. */
  bySite: z.record(z.string(), z.number().int()),
  /** By device id: the sensors list's count of active alarms. */
  byDevice: z.record(z.string(), z.number().int()),
});
export type AlarmSummary = z.output<typeof alarmSummarySchema>;
