import { useMemo } from 'react';
import { z } from 'zod';
import { useNamedItems } from '../../../api/namedCatalog';
import { useNotificationGroups } from '../../../api/notificationGroups';
import { fetchAllPages, useAllPages } from '../../../api/pagedList';
import { useSensors } from '../../../api/sensors';
import { usePlaces, type Places } from '../../gateways';
import { useShiftChoices } from './api';
import type { Choice, QuestionChoices } from './QuestionEditor';

/** Of the library's records (corrective actions, information items, checklist groups) a choice needs only the id and name. */
const namedPageSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })), nextCursor: z.string().optional() });
type NamedRecord = z.infer<typeof namedPageSchema>['items'][number];
const useNamed = (path: '/correctiveactions' | '/informationitems' | '/checklistgroups') =>
  useAllPages<NamedRecord>(`choices${path}`, (onPage) => fetchAllPages({ schema: namedPageSchema, path }, onPage));

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });
const choicesOf = (items: readonly { id: string; name: string }[] | undefined): Choice[] => (items ?? []).map((item) => ({ value: item.id, label: item.name })).sort(byLabel);

export interface ChecklistChoices extends QuestionChoices {
  places: Places;
  sites: Choice[];
  /** The locations a site is on. */
  locationsOf(siteId: string): Choice[];
  shifts: { value: string; label: string; siteId: string }[];
  groups: Choice[];
  departments: Choice[];
  divisions: Choice[];
  /** The organisation's HACCP notification groups. */
  notificationGroups: Choice[];
}

/** Everything a checklist or a question may name, for the editor's choices. */
export function useChecklistChoices(): ChecklistChoices {
  const places = usePlaces();
  const shifts = useShiftChoices();
  const groups = useNamed('/checklistgroups');
  const correctiveActions = useNamed('/correctiveactions');
  const information = useNamed('/informationitems');
  const departments = useNamedItems('/departments');
  const divisions = useNamedItems('/divisions');
  const notificationGroups = useNotificationGroups();
  const sensors = useSensors({ list: 'active' });
  return useMemo(() => {
    const sites = new Map<string, Choice>();
    for (const location of places.locations) for (const site of location.sites) sites.set(site.id, { value: site.id, label: site.label });
    return {
      places,
      sites: [...sites.values()].sort(byLabel),
      locationsOf: (siteId) => places.locations.filter((location) => location.sites.some((site) => site.id === siteId)).map((location) => ({ value: location.id, label: location.label })),
      shifts: (shifts.data ?? []).map((shift) => ({ value: shift.id, label: shift.name, siteId: shift.siteId })).sort(byLabel),
      groups: choicesOf(groups.data),
      departments: choicesOf(departments.data),
      divisions: choicesOf(divisions.data),
      notificationGroups: choicesOf((notificationGroups.data ?? []).filter((group) => group.groupType === 'haccp')),
      sensors: (sensors.data ?? []).map((sensor) => ({ value: sensor.id, label: `${sensor.name} (${sensor.id})` })).sort(byLabel),
      correctiveActions: choicesOf(correctiveActions.data),
      information: choicesOf(information.data),
    };
  }, [places, shifts.data, groups.data, departments.data, divisions.data, notificationGroups.data, sensors.data, correctiveActions.data, information.data]);
}
