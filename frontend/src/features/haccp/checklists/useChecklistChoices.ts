import { useMemo } from 'react';
import { z } from 'zod';
import { CHECKLIST_GROUP_ROUTES } from '@domain/api/checklist-groups';
import { CORRECTIVE_ACTION_ROUTES } from '@domain/api/corrective-actions';
import { INFORMATION_ITEM_ROUTES } from '@domain/api/information-items';
import { pathOf } from '../../../api/client';
import { useNamedItems } from '../../../api/namedCatalog';
import { useNotificationGroups } from '../../../api/notificationGroups';
import { fetchAllPages, useAllPages, type PagedSource } from '../../../api/pagedList';
import { useSensors } from '../../../api/sensors';
import { usePlaces, type Places } from '../../gateways';
import { useShiftChoices } from './api';
import type { Choice, QuestionChoices } from './QuestionEditor';

/** The library's lists a choice names, by their contracts. */
const LIBRARY_LISTS = {
  checklistGroups: CHECKLIST_GROUP_ROUTES.list,
  correctiveActions: CORRECTIVE_ACTION_ROUTES.list,
  information: INFORMATION_ITEM_ROUTES.list,
} as const;
/** Of the library's records a choice needs only the id and name: parsed leniently, the rest unread. */
const namedPageSchema = z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })), nextCursor: z.string().optional() });
type NamedRecord = z.infer<typeof namedPageSchema>['items'][number];
const namedSource = (list: keyof typeof LIBRARY_LISTS): PagedSource<NamedRecord> => ({ schema: namedPageSchema, path: pathOf(LIBRARY_LISTS[list]) });
const useNamed = (list: keyof typeof LIBRARY_LISTS) =>
  useAllPages<NamedRecord>(`choices${LIBRARY_LISTS[list].path}`, (onPage) => fetchAllPages(namedSource(list), onPage));

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
  const groups = useNamed('checklistGroups');
  const correctiveActions = useNamed('correctiveActions');
  const information = useNamed('information');
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
