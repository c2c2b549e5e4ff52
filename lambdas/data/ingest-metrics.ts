import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';

/**
 * What the ingest asked of DynamoDB, per container, for the benchmark (docs/performance.md):
 * requests and the capacity units DynamoDB reported (every call asks for
 * `ReturnConsumedCapacity: TOTAL`), next to what was stored and skipped. Read it, run a
 * load, read it again (or `reset()` first).
 */
export interface IngestCounters {
  /** SQS records handled. */
  messages: number;
  /** Reading items written (each reading once: duplicates in a batch are written once). */
  readingsStored: number;
  /** Readings that were already in the batch (same sensor and time), not written again. */
  duplicates: number;
  /** Dead-letter items written (refused messages or readings). */
  deadLetters: number;
  readRequests: number;
  writeRequests: number;
  readCapacityUnits: number;
  writeCapacityUnits: number;
  /** Live state items written (sensors and gateways), and the writes the material-change rule saved. */
  stateWrites: number;
  stateWritesSkipped: number;
  /** Rollup items (blocks of 6 hours) (re)computed and written. */
  rollupWrites: number;
  /** BatchWriteItem items DynamoDB left unprocessed and were sent again. */
  unprocessedRetries: number;
  /** Of the requests and units above, the alarm engine's (its reads, its alarm, state and timer writes). */
  alarmReadRequests: number;
  alarmWriteRequests: number;
  alarmReadCapacityUnits: number;
  alarmWriteCapacityUnits: number;
}

const zero = (): IngestCounters => ({
  messages: 0, readingsStored: 0, duplicates: 0, deadLetters: 0,
  readRequests: 0, writeRequests: 0, readCapacityUnits: 0, writeCapacityUnits: 0,
  stateWrites: 0, stateWritesSkipped: 0, rollupWrites: 0, unprocessedRetries: 0,
  alarmReadRequests: 0, alarmWriteRequests: 0, alarmReadCapacityUnits: 0, alarmWriteCapacityUnits: 0,
});

export const ingestMetrics: IngestCounters & {
  reset(): void;
  snapshot(): IngestCounters;
  /** Per stored reading: write and read requests and units (undefined before any reading). */
  perReading(): { writeUnits: number; readUnits: number; writeRequests: number; readRequests: number } | undefined;
} = {
  ...zero(),
  reset() {
    Object.assign(this, zero());
  },
  snapshot() {
    const { reset: _reset, snapshot: _snapshot, perReading: _perReading, ...counters } = this;
    return { ...counters };
  },
  perReading() {
    if (this.readingsStored === 0) return undefined;
    return {
      writeUnits: this.writeCapacityUnits / this.readingsStored,
      readUnits: this.readCapacityUnits / this.readingsStored,
      writeRequests: this.writeRequests / this.readingsStored,
      readRequests: this.readRequests / this.readingsStored,
    };
  },
};

/** Adds what one call consumed (one entry, or BatchGet/BatchWrite's list) to the counters. */
export function countConsumed(kind: 'read' | 'write', consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): void {
  if (kind === 'read') ingestMetrics.readRequests += 1;
  else ingestMetrics.writeRequests += 1;
  const entries = consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed];
  for (const entry of entries) {
    // A table's total (CapacityUnits) includes its indexes; reads and writes are told apart by the call.
    const units = entry.CapacityUnits ?? (entry.ReadCapacityUnits ?? 0) + (entry.WriteCapacityUnits ?? 0);
    if (kind === 'read') ingestMetrics.readCapacityUnits += units;
    else ingestMetrics.writeCapacityUnits += units;
  }
}

/**
 * Adds one call of the alarm engine (its `onConsumed`: one report per request, the units
 * DynamoDB returned) to the counters: to the totals, and to the engine's own.
 */
export function countAlarmEngine(kind: 'read' | 'write', units: number): void {
  if (kind === 'read') {
    ingestMetrics.readRequests += 1;
    ingestMetrics.readCapacityUnits += units;
    ingestMetrics.alarmReadRequests += 1;
    ingestMetrics.alarmReadCapacityUnits += units;
  } else {
    ingestMetrics.writeRequests += 1;
    ingestMetrics.writeCapacityUnits += units;
    ingestMetrics.alarmWriteRequests += 1;
    ingestMetrics.alarmWriteCapacityUnits += units;
  }
}
