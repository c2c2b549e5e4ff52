/**
 * Device messages the ingest could not accept, with the reason, newest last: one partition per
 * organisation, sort key the receive time and the message part. Plain items the ingest writes
 * (lambdas/data/repositories/ingest.ts) outside ElectroDB like the readings beside them
 * (docs/decisions/0080-readings-and-rollups-outside-electrodb.md); their key is spelled here only.
 */
export const deadLetterPartition = (customerId: string): string => `C#${customerId}#DEADLETTER`;
