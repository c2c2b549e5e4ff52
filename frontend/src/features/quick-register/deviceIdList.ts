import { normaliseDeviceId } from '@domain/device-catalogue';

/**
 * The ids typed, pasted or scanned into Quick Register. A barcode scanner acting as a
 * keyboard ends each id with Enter, a pasted list comes one per line or comma separated:
 * any run of whitespace, commas or semicolons separates two ids.
 */
export interface DeviceIdList {
  /** The ids to register, normalised (upper case), each once, in the order first seen. */
  ids: string[];
  /** Ids that came more than once (normalised), each named once. */
  repeated: string[];
}

const SEPARATORS = /[\s,;]+/;

export function parseDeviceIdList(text: string): DeviceIdList {
  const ids: string[] = [];
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const part of text.split(SEPARATORS)) {
    if (part === '') continue;
    const id = normaliseDeviceId(part);
    if (seen.has(id)) repeated.add(id);
    else {
      seen.add(id);
      ids.push(id);
    }
  }
  return { ids, repeated: [...repeated] };
}
