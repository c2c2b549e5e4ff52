/**
 * The reports feature's public entry: what other features use of it, and all they may import.
 * Its screens are not here: the route table (app/routes.tsx) loads each lazily, as a chunk of its own.
 */
export { availableReports, useAvailableReports, type ReportReader } from './availableReports';
