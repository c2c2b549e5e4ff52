/**
 * Hourly rollups (min, max, average, count per channel), kept outside ElectroDB with the
 * readings (docs/decisions/0080-readings-and-rollups-outside-electrodb.md): one partition per
 * sensor, sort key the block's first hour `YYYY-MM-DDTHH`. Their key is spelled here only; the
 * ingest builds the items (lambdas/data/repositories/ingest.ts), the graph reads them.
 */
export const rollupPartition = (customerId: string, sensorId: string): string => `C#${customerId}#ROLLUP#${sensorId}`;
