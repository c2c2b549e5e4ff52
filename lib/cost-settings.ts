/**
 * Settings of the stack that its monthly cost turns on, in one place with no CDK import, so
 * the stack (lib/data.ts, lib/devices.ts) and the cost bench (test/bench/cost.mts) read the
 * same values: the bench prices what the stack deploys. docs/performance.md "cost per
 * sensor" has the figures; docs/decisions/0054-basic-ingest-standard-ia-and-the-shared-queue.md says why each was chosen.
 */

/**
 * The table's class. Standard-Infrequent Access: storage at $0.10 a GB-month instead of
 * $0.25, request units 25 % dearer. The table's cost is mostly stored readings (400 days of
 * them), so it is cheaper at every reporting interval the bench measures.
 */
export const TABLE_CLASS: 'STANDARD' | 'STANDARD_INFREQUENT_ACCESS' = 'STANDARD_INFREQUENT_ACCESS';

/** The ingest queue's event source: a batch goes to the function at this many messages... */
export const INGEST_BATCH_SIZE = 100;
/**
 * ...or when its first message has waited this long. It is added to the time from a reading
 * to its alarm: an alarm may be set to fire at once (delay 0 minutes, docs/devices.md
 * `setAlarmDelay`) on a sensor reporting every minute, so it stays a few seconds. On a
 * queue shared by every organisation the batches fill within it anyway (the cost bench
 * prints how full); a longer window would save little and cost every alarm its length.
 */
export const INGEST_BATCHING_WINDOW_SECONDS = 5;
