/**
 * Configuration from environment variables, read once and failing fast when missing.
 * The same names are set by the CDK (deployed) and by the local runner.
 */
function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`Missing environment variable ${name}`);
  }
  return value;
}

export interface BackendConfig {
  tableName: string;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  serviceName: string;
}

let cached: BackendConfig | undefined;

export function backendConfig(): BackendConfig {
  if (cached === undefined) {
    const level = (process.env['LOG_LEVEL'] ?? 'INFO').toUpperCase();
    cached = {
      tableName: required('TABLE_NAME'),
      logLevel: level === 'DEBUG' || level === 'WARN' || level === 'ERROR' ? level : 'INFO',
      serviceName: process.env['SERVICE_NAME'] ?? 'portal',
    };
  }
  return cached;
}

/** Tests change the environment between cases; this forgets what was read. */
export function resetBackendConfig(): void {
  cached = undefined;
}
