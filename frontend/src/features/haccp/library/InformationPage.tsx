import { useMemo, useState } from 'react';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { informationItemInputSchema, type InformationItem, type InformationItemFormValues, type InformationItemInput } from '@domain/haccp/information';
import { AdminListPage } from '../../../components/AdminListPage';
import type { AdminGridRowAction } from '../../../components/AdminGrid';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { updatedAtColumn, useAdminListPage } from '../../../components/useAdminListPage';
import { useFormatters } from '../../../i18n/formatters';
import { useCanWriteOrganisation } from '../../../session/useCanWriteOrganisation';
import {
  createInformationItem,
  deleteInformationItem,
  removeInformationFile,
  updateInformationItem,
  uploadInformationFile,
  useInformationItemList,
} from './api';
import { chosenFileProblem, InformationFileField, type InformationFileChoice } from './InformationFileField';
import { InformationPreviewDialog } from './InformationPreviewDialog';
import { LibraryDialog } from './LibraryDialog';

/** What the dialog saves: the item's fields and what to do with its file. */
interface InformationSave {
  input: InformationItemInput;
  file: InformationFileChoice;
}

/** The item saved, then its file uploaded or removed as chosen; answers the item as it ends up. */
async function withFile(saved: InformationItem, file: InformationFileChoice): Promise<InformationItem> {
  if (file.file !== undefined) return uploadInformationFile(saved.id, file.file);
  if (file.remove && saved.fileName !== undefined) return removeInformationFile(saved.id);
  return saved;
}

/**
 * HACCP > Information (SPEC sections 2, 3, 9; issue 15 section 1): items of text with an
 * optional picture or PDF (at most 2 MB) shown to whoever answers a question naming them.
 * Everyone may read and preview them; administrators write.
 */
export default function InformationPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const canWrite = useCanWriteOrganisation();
  const items = useInformationItemList();
  const [previewing, setPreviewing] = useState<InformationItem | null>(null);
  const [file, setFile] = useState<InformationFileChoice>({ remove: false });
  const page = useAdminListPage<InformationItem, InformationSave>({
    section: 'haccpInformation',
    mutate: items.mutate,
    create: async ({ input, file: choice }) => withFile(await createInformationItem(input), choice),
    update: async (item, { input, file: choice }) => withFile(await updateInformationItem(item.id, input), choice),
    remove: (item) => deleteInformationItem(item.id),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<InformationItem>[]>(() => [
    { field: 'name', headerName: t('haccpInformation.name'), flex: 1, minWidth: 180 },
    { field: 'text', headerName: t('haccpInformation.text'), flex: 2, minWidth: 200 },
    { field: 'fileName', headerName: t('haccpInformation.file'), flex: 1, minWidth: 140, valueGetter: (value: string | undefined) => value ?? '' },
    updatedAtColumn(t('catalog.updatedAt'), formatters.dateTime),
  ], [formatters, t]);

  const preview: AdminGridRowAction<InformationItem> = {
    key: 'preview', label: (row) => t('haccpInformation.preview', { name: row.name }), icon: <VisibilityIcon />, onClick: setPreviewing,
  };
  // Each dialog starts with no file chosen.
  const startAdd = () => {
    setFile({ remove: false });
    page.startAdd();
  };
  const [editItem, deleteItem] = page.itemActions;
  const edit: AdminGridRowAction<InformationItem> = {
    ...editItem,
    onClick: (row) => {
      setFile({ remove: false });
      page.startEdit(row);
    },
  };
  const rowActions = canWrite ? [preview, edit, deleteItem] : [preview];

  return (
    <AdminListPage
      title={t('haccpInformation.title')}
      emptyLabel={t('haccpInformation.empty')}
      gridId="haccp-information"
      list={items}
      columns={columns}
      rowActions={rowActions}
      add={canWrite ? { label: t('haccpInformation.add'), onClick: startAdd } : undefined}
    >
      {editing !== null && (
        <LibraryDialog<InformationItemFormValues, InformationItemInput>
          title={t(editing.mode === 'add' ? 'haccpInformation.addTitle' : 'haccpInformation.editTitle')}
          schema={informationItemInputSchema}
          initial={editing.mode === 'edit' ? { name: editing.item.name, text: editing.item.text } : { name: '', text: '' }}
          fields={[
            { name: 'name', label: t('haccpInformation.name'), required: true },
            { name: 'text', label: t('haccpInformation.text'), required: true, multiline: true },
          ]}
          onSave={async (input) => {
            // A file the domain refuses is shown under the file field; nothing is sent.
            if (chosenFileProblem(file.file) !== undefined) return;
            await page.save({ input, file });
          }}
          onClose={page.closeEditor}
        >
          <InformationFileField currentFileName={editing.mode === 'edit' ? editing.item.fileName : undefined} value={file} onChange={setFile} />
        </LibraryDialog>
      )}
      {previewing !== null && <InformationPreviewDialog item={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
