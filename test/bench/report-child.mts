import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportId } from '@domain/reports/catalogue';
import { readingPartition } from '../../lambdas/data';
import { writeReportFile } from '../../lambdas/reports/report-file';
import { assembleReport, readerOf } from '../../lambdas/reports/runner';
import type { Caller } from '../../lambdas/shared/caller';
import { LOCAL_REGION } from '../../local/identity';

/**
 * One measurement of test/bench/reports.mts in a process of its own, so its peak memory is its
 * own (`maxRSS`): `raw` reads the readings the report reads (the same partitions and range, every
 * item, nothing kept), `csv` or `pdf` builds the Temperature Log as the runner does (its source,
 * then its file) without storing it. Prints one JSON line.
 */
interface ChildInput {
  mode: 'raw' | 'csv' | 'pdf';
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  tableName: string;
  caller: Caller;
  parameters: Record<string, unknown> & { sensorIds: string[] };
  range: { start: string; end: string };
}

const input = JSON.parse(process.argv[2] ?? '{}') as ChildInput;
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: input.endpoint, region: LOCAL_REGION, credentials: input.credentials }));
const started = process.hrtime.bigint();
let items = 0;
let bytes = 0;
if (input.mode === 'raw') {
  for (const sensorId of input.parameters.sensorIds) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(new QueryCommand({
        TableName: input.tableName, KeyConditionExpression: 'pk = :pk AND sk BETWEEN :start AND :end',
        ExpressionAttributeValues: { ':pk': readingPartition(input.caller.customerId, sensorId), ':start': input.range.start, ':end': input.range.end },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      items += page.Items?.length ?? 0;
      startKey = page.LastEvaluatedKey;
    } while (startKey !== undefined);
  }
} else {
  const deps = { client, tableName: input.tableName, now: () => Date.now() };
  const reportId: ReportId = 'temperatureLog';
  const reader = await readerOf(deps, input.caller, input.caller.customerId, input.parameters);
  const assembled = await assembleReport(deps, input.caller, input.caller.customerId, reportId, input.parameters, reader);
  const file = await writeReportFile({
    reportId, format: input.mode, pageSize: 'A4', organisationName: 'Bench', runId: 'bench', generatedAt: Date.now(),
    from: String(input.parameters['from']), to: String(input.parameters['to']),
    reader: { language: 'en', unit: 'C', timeZone: assembled.timeZone, dateFormat: 'MM/DD/YYYY' },
  }, assembled, { drawCharts: true });
  bytes = file.bytes.length;
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
client.destroy();
console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, items, bytes }));
