import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TemperatureUnit } from '@domain/alarms/alarm-profile';
import type { ReportId, ReportParameters } from '@domain/reports/catalogue';
import type { ReportLanguage } from '@domain/reports/cells';
import type { ReportFigures } from '@domain/reports/content';
import type { AccessScope } from '../../shared/access';
import type { Caller } from '../../shared/caller';

/**
 * What a report's source (the reading half of a report: `lambdas/reports/sources/<report>.ts`)
 * is given: the data layer's client, the organisation, the caller and their access scope (read
 * when the run starts, so a right withdrawn since the request is no longer used), the reader's
 * language and unit, and a way to report progress. A source reads the records its builder
 * needs through the data layer (streamed page by page, one sensor at a time for readings), checks
 * every id the parameters name against the scope (`scope.ts`: another organisation's or an
 * unreachable id answers as missing), and calls the builder (domain/reports), which is pure.
 */
export interface ReportReadContext {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  /** The organisation the report is of (the verified caller's, or the one a proxy acts for). */
  readonly customerId: string;
  readonly caller: Caller;
  readonly scope: AccessScope;
  readonly language: ReportLanguage;
  /** The reader's unit (the parameters' `unit` when the report has one, else the user's). */
  readonly unit: TemperatureUnit;
  /** ms since the epoch: the run's clock (a range reaching today ends now). */
  readonly now: number;
  /** Tells the run's progress (0-1); the runner writes it at most every few seconds. */
  progress(share: number): Promise<void>;
}

/** What a source answers: the builder's figures, and what the header says of them. */
export interface AssembledReport {
  readonly figures: ReportFigures;
  /** The report's time zone (its first site's; the organisation's default when it is of no site). */
  readonly timeZone: string;
  /** The names of the sites the report covers, for the header. */
  readonly siteNames: readonly string[];
}

export type ReportSource<Id extends ReportId> = (context: ReportReadContext, parameters: ReportParameters<Id>) => Promise<AssembledReport>;
