/**
 * The one transaction runner now lives in the data layer (lambdas/data/transaction.ts); this
 * module keeps its old import path for the stores not yet moved onto the data layer.
 */
export { runTransaction, TRANSACTION_ATTEMPTS, type GuardedItem, type TransactItem, type TransactItems } from '../data/transaction';
