/**
 * AWS prices the cost bench (test/bench/cost.mts) multiplies its measured counts by: one
 * region, on demand, no free tier, no savings plan. Written from AWS's public price pages
 * as published for us-east-1 (N. Virginia); this machine has no internet, so they were not
 * fetched: they are the prices that held from 1 November 2024 (DynamoDB's on-demand
 * throughput halved that day) and still held when last checked, in 2025. Check them against
 * https://aws.amazon.com/<service>/pricing/ before quoting a figure, and update `checked`.
 */
export const AWS_PRICES = {
  region: 'us-east-1',
  checked: '2025 (prices in force since 2024-11-01), from the public price pages; not fetched by this bench',
  dynamodb: {
    /**
     * On demand, by table class (the stack's: lib/cost-settings.ts TABLE_CLASS). A write request
     * unit writes 1 KB of item (a conditional write refused by its condition still costs one); a
     * read request unit is a strongly consistent read of up to 4 KB (eventually consistent: half).
     * Storage counts each item's size plus 100 bytes of index overhead. Standard-Infrequent Access
     * stores at 40 % of Standard's price and charges 25 % more per request unit: checked on
     * 2026-11-25 with the stored copies of AWS's pages this machine can search (the Developer
     * Guide's "Considerations when choosing a table class" and the Database Blog's Standard-IA
     * post: "up to 60 percent" less storage; the China price page's request prices, 0.0725 /
     * 0.058 = 1.25); the us-east-1 amounts are the price page's as last read, not fetched.
     */
    tableClasses: {
      STANDARD: { perMillionWriteUnits: 0.625, perMillionReadUnits: 0.125, perGbMonth: 0.25 },
      STANDARD_INFREQUENT_ACCESS: { perMillionWriteUnits: 0.78125, perMillionReadUnits: 0.15625, perGbMonth: 0.1 },
    },
    /**
     * Point-in-time recovery (continuous backups), per GB-month of the table's size, whatever its
     * class: lib/data.ts turns it on, so every stored byte is billed twice.
     */
    pitrPerGbMonth: 0.2,
  },
  iotCore: {
    /** Messages published by or to devices (the first billion a month), each metered in 5 KB increments. */
    perMillionMessages: 1.0,
    /** A message is counted once per started 5 KB. */
    messageIncrementBytes: 5 * 1024,
    /** Connectivity: minutes a device stays connected. */
    perMillionConnectionMinutes: 0.08,
    /** Rules engine: each rule a message triggers, and each action it runs (here: send to SQS). */
    perMillionRulesTriggered: 0.15,
    perMillionActionsExecuted: 0.15,
  },
  sqs: {
    /** Standard queue requests (SendMessage, ReceiveMessage, DeleteMessageBatch...), each metered in 64 KB chunks. */
    perMillionRequests: 0.4,
  },
  lambda: {
    /** Requests (invocations). */
    perMillionRequests: 0.2,
    /** Duration on arm64 (Graviton), per GB-second, billed by the millisecond (first 6 billion GB-s a month tier). */
    perGbSecondArm: 0.0000133334,
  },
  cloudwatchLogs: {
    /** Log ingestion (the function's REPORT lines and its metrics, as EMF lines), per GB. */
    perGbIngested: 0.5,
  },
} as const;

/** The ingest function as lib/function.ts `PortalFunction` configures every function: arm64, 512 MB. */
export const INGEST_FUNCTION = { architecture: 'arm64', memoryMb: 512 } as const;

/** Hours AWS bills a month as (730 = 8,760 / 12). */
export const HOURS_PER_MONTH = 730;
