/**
 * Structured JSON logs, one line per entry, with the request id and the tenant once known.
 * Secrets never reach it: callers log ids and outcomes, not bodies or headers.
 */
type Level = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
const ORDER: Record<Level, number> = { DEBUG: 10, INFO: 20, WARN: 30, ERROR: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string) => void;

export function createLogger(
  base: Record<string, unknown>,
  minimum: Level = 'INFO',
  sink: LogSink = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const write = (level: Level, message: string, fields?: Record<string, unknown>) => {
    if (ORDER[level] < ORDER[minimum]) return;
    sink(JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...fields }));
  };
  return {
    debug: (message, fields) => write('DEBUG', message, fields),
    info: (message, fields) => write('INFO', message, fields),
    warn: (message, fields) => write('WARN', message, fields),
    error: (message, fields) => write('ERROR', message, fields),
    child: (fields) => createLogger({ ...base, ...fields }, minimum, sink),
  };
}

/** Error details fit for a log line: name, message and stack, never request data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    return { errorName: error.name, errorMessage: error.message, stack: error.stack };
  }
  return { errorMessage: String(error) };
}
