/**
 * A catalogue is one object keyed by the names of one kind of thing (channels, alarm types),
 * each entry holding what the rest of the code base needs to know of it (issue 33 section 3).
 * Its names, in the catalogue's order, as the tuple `z.enum` and the lists want.
 */
export function catalogueNames<Name extends string>(catalogue: Readonly<Record<Name, unknown>>): readonly [Name, ...Name[]] {
  // Object.keys keeps the order of insertion for keys that are not integers; a catalogue is never empty.
  return Object.keys(catalogue) as unknown as readonly [Name, ...Name[]];
}
