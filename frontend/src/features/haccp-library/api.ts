import {
  checklistGroupPageSchema,
  checklistGroupSchema,
  type ChecklistGroup,
  type ChecklistGroupFormValues,
} from '@domain/haccp/checklist-group';
import {
  correctiveActionPageSchema,
  correctiveActionSchema,
  type CorrectiveAction,
  type CorrectiveActionFormValues,
} from '@domain/haccp/corrective-action';
import {
  informationFileLinkSchema,
  informationFileTicketSchema,
  informationItemPageSchema,
  informationItemSchema,
  type InformationFileLink,
  type InformationItem,
  type InformationItemFormValues,
} from '@domain/haccp/information';
import { apiFetch, apiFetchAs } from '../../api/apiFetch';
import { postToStorage } from '../../api/deviceRecords';
import { fetchAllPages, usePagedList, type PagedList } from '../../api/pagedList';

/** The HACCP library's API (issue 15 section 1): standard corrective actions, information items, checklist groups. */

const itemPath = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export const CORRECTIVE_ACTIONS_KEY = 'correctiveactions';
export const useCorrectiveActionList = (): PagedList<CorrectiveAction> =>
  usePagedList(CORRECTIVE_ACTIONS_KEY, (onPage) => fetchAllPages({ schema: correctiveActionPageSchema, path: '/correctiveactions' }, onPage));
export const createCorrectiveAction = (input: CorrectiveActionFormValues) =>
  apiFetchAs(correctiveActionSchema, '/correctiveactions', { method: 'POST', body: input });
export const updateCorrectiveAction = (id: string, input: CorrectiveActionFormValues) =>
  apiFetchAs(correctiveActionSchema, itemPath('/correctiveactions', id), { method: 'PUT', body: input });
export const deleteCorrectiveAction = (id: string) => apiFetch(itemPath('/correctiveactions', id), { method: 'DELETE' });

export const INFORMATION_ITEMS_KEY = 'informationitems';
export const useInformationItemList = (): PagedList<InformationItem> =>
  usePagedList(INFORMATION_ITEMS_KEY, (onPage) => fetchAllPages({ schema: informationItemPageSchema, path: '/informationitems' }, onPage));
export const createInformationItem = (input: InformationItemFormValues) =>
  apiFetchAs(informationItemSchema, '/informationitems', { method: 'POST', body: input });
export const updateInformationItem = (id: string, input: InformationItemFormValues) =>
  apiFetchAs(informationItemSchema, itemPath('/informationitems', id), { method: 'PUT', body: input });
export const deleteInformationItem = (id: string) => apiFetch(itemPath('/informationitems', id), { method: 'DELETE' });

/**
 * Attaches a picture or PDF to an information item as device files go: the API checks the
 * type and size and gives an upload form, the bytes go with it, then the upload is confirmed.
 * Answers the item with its file.
 */
export async function uploadInformationFile(id: string, file: File): Promise<InformationItem> {
  const path = `${itemPath('/informationitems', id)}/file`;
  const ticket = await apiFetchAs(informationFileTicketSchema, path, {
    method: 'POST',
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
  });
  await postToStorage(ticket.uploadUrl, ticket.uploadFields, file);
  return apiFetchAs(informationItemSchema, `${path}/complete`, { method: 'PUT' });
}

/** A URL reading the item's file for a while (a picture shown, a PDF downloaded). */
export const informationFileLink = (id: string): Promise<InformationFileLink> =>
  apiFetchAs(informationFileLinkSchema, `${itemPath('/informationitems', id)}/file`);

export const removeInformationFile = (id: string): Promise<InformationItem> =>
  apiFetchAs(informationItemSchema, `${itemPath('/informationitems', id)}/file`, { method: 'DELETE' });

export const CHECKLIST_GROUPS_KEY = 'checklistgroups';
export const useChecklistGroupList = (): PagedList<ChecklistGroup> =>
  usePagedList(CHECKLIST_GROUPS_KEY, (onPage) => fetchAllPages({ schema: checklistGroupPageSchema, path: '/checklistgroups' }, onPage));
export const createChecklistGroup = (input: ChecklistGroupFormValues) =>
  apiFetchAs(checklistGroupSchema, '/checklistgroups', { method: 'POST', body: input });
export const updateChecklistGroup = (id: string, input: ChecklistGroupFormValues) =>
  apiFetchAs(checklistGroupSchema, itemPath('/checklistgroups', id), { method: 'PUT', body: input });
export const deleteChecklistGroup = (id: string) => apiFetch(itemPath('/checklistgroups', id), { method: 'DELETE' });
/** Every group's id in the new order; answers the groups in it. */
export const reorderChecklistGroups = async (ids: readonly string[]): Promise<ChecklistGroup[]> =>
  (await apiFetchAs(checklistGroupPageSchema, '/checklistgroups/order', { method: 'PUT', body: { ids } })).items;
