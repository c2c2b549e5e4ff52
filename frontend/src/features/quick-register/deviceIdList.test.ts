import { describe, expect, it } from 'vitest';
import { parseDeviceIdList } from './deviceIdList';

describe('parseDeviceIdList', () => {
  it('reads one id per scanned line, ignoring blank lines and the spaces around ids', () => {
    expect(parseDeviceIdList('a1b2c3d4\n\n  0000ABCD \r\n')).toEqual({ ids: ['A1B2C3D4', '0000ABCD'], repeated: [] });
  });

  it('reads a pasted list separated by commas, semicolons or tabs', () => {
    expect(parseDeviceIdList('A1B2C3D4, 0000ABCD;1111FFFF\t2222EEEE').ids).toEqual(['A1B2C3D4', '0000ABCD', '1111FFFF', '2222EEEE']);
  });

  it('keeps each id once, whatever its case, and names the repeated ones', () => {
    expect(parseDeviceIdList('a1b2c3d4\nA1B2C3D4\n0000abcd\na1b2c3d4')).toEqual({ ids: ['A1B2C3D4', '0000ABCD'], repeated: ['A1B2C3D4'] });
  });

  it('passes an id with special characters on as typed (upper case), for the API to refuse in its words', () => {
    expect(parseDeviceIdList('A1B2-C3D4').ids).toEqual(['A1B2-C3D4']);
  });

  it('finds nothing in an empty box', () => {
    expect(parseDeviceIdList(' \n \n')).toEqual({ ids: [], repeated: [] });
  });
});
