import { CHECKLIST_GROUP_ROUTES } from '@domain/api/checklist-groups';
import { CORRECTIVE_ACTION_ROUTES } from '@domain/api/corrective-actions';
import { INFORMATION_ITEM_ROUTES } from '@domain/api/information-items';
import type { ChecklistGroup, ChecklistGroupFormValues } from '@domain/haccp/checklist-group';
import type { CorrectiveAction, CorrectiveActionFormValues } from '@domain/haccp/corrective-action';
import type { InformationFileLink, InformationItem, InformationItemFormValues } from '@domain/haccp/information';
import { call, pages } from '../../../api/client';
import { postToStorage } from '../../../api/deviceRecords';
import { fetchAllPages, usePagedList, type PagedList } from '../../../api/pagedList';

/** The HACCP library's API (issue 15 section 1): standard corrective actions, information items, checklist groups. */

export const CORRECTIVE_ACTIONS_KEY = 'correctiveactions';
export const useCorrectiveActionList = (): PagedList<CorrectiveAction> =>
  usePagedList(CORRECTIVE_ACTIONS_KEY, (onPage) => fetchAllPages(pages(CORRECTIVE_ACTION_ROUTES.list), onPage));
export const createCorrectiveAction = (input: CorrectiveActionFormValues) =>
  call(CORRECTIVE_ACTION_ROUTES.create, { body: input });
export const updateCorrectiveAction = (id: string, input: CorrectiveActionFormValues) =>
  call(CORRECTIVE_ACTION_ROUTES.update, { params: { id }, body: input });
export const deleteCorrectiveAction = (id: string) => call(CORRECTIVE_ACTION_ROUTES.remove, { params: { id } });

export const INFORMATION_ITEMS_KEY = 'informationitems';
export const useInformationItemList = (): PagedList<InformationItem> =>
  usePagedList(INFORMATION_ITEMS_KEY, (onPage) => fetchAllPages(pages(INFORMATION_ITEM_ROUTES.list), onPage));
export const createInformationItem = (input: InformationItemFormValues) =>
  call(INFORMATION_ITEM_ROUTES.create, { body: input });
export const updateInformationItem = (id: string, input: InformationItemFormValues) =>
  call(INFORMATION_ITEM_ROUTES.update, { params: { id }, body: input });
export const deleteInformationItem = (id: string) => call(INFORMATION_ITEM_ROUTES.remove, { params: { id } });

/**
 * Attaches a picture or PDF to an information item as device files go: the API checks the
 * type and size and gives an upload form, the bytes go with it, then the upload is confirmed.
 * Answers the item with its file.
 */
export async function uploadInformationFile(id: string, file: File): Promise<InformationItem> {
  const ticket = await call(INFORMATION_ITEM_ROUTES.postFile, {
    params: { id },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size },
  });
  await postToStorage(ticket.uploadUrl, ticket.uploadFields, file);
  return call(INFORMATION_ITEM_ROUTES.putFileComplete, { params: { id } });
}

/** A URL reading the item's file for a while (a picture shown, a PDF downloaded). */
export const informationFileLink = (id: string): Promise<InformationFileLink> =>
  call(INFORMATION_ITEM_ROUTES.getFile, { params: { id } });

export const removeInformationFile = (id: string): Promise<InformationItem> =>
  call(INFORMATION_ITEM_ROUTES.deleteFile, { params: { id } });

export const CHECKLIST_GROUPS_KEY = 'checklistgroups';
export const useChecklistGroupList = (): PagedList<ChecklistGroup> =>
  usePagedList(CHECKLIST_GROUPS_KEY, (onPage) => fetchAllPages(pages(CHECKLIST_GROUP_ROUTES.list), onPage));
export const createChecklistGroup = (input: ChecklistGroupFormValues) =>
  call(CHECKLIST_GROUP_ROUTES.create, { body: input });
export const updateChecklistGroup = (id: string, input: ChecklistGroupFormValues) =>
  call(CHECKLIST_GROUP_ROUTES.update, { params: { id }, body: input });
export const deleteChecklistGroup = (id: string) => call(CHECKLIST_GROUP_ROUTES.remove, { params: { id } });
/** Every group's id in the new order; answers the groups in it. */
export const reorderChecklistGroups = async (ids: readonly string[]): Promise<ChecklistGroup[]> =>
  (await call(CHECKLIST_GROUP_ROUTES.putOrder, { body: { ids: [...ids] } })).items;
