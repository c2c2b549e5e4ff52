import { Logger, type LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions, LogLevel } from '@aws-lambda-powertools/logger/types';

/** A Powertools logger whose lines (and its children's) land in `lines` instead of stdout. */
class RecordingLogger extends Logger {
  constructor(readonly lines: string[], options: ConstructorOptions) {
    super(options);
  }

  protected override printLog(_logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    this.lines.push(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }

  protected override createLogger(options?: ConstructorOptions): Logger {
    return new RecordingLogger(this.lines, options ?? {});
  }
}

/** A logger for a test that reads what was logged: each line as the JSON the real one writes. */
export function recordingLogger(level: LogLevel = 'DEBUG'): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: new RecordingLogger(lines, { serviceName: 'test', logLevel: level }), lines };
}
