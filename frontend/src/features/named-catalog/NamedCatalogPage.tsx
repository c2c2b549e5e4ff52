import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { NamedItem, NamedItemInput } from '@domain/named-catalog';
import { ORGANISATION_WRITERS } from '@domain/roles';
import { errorMessageOf } from '../../api/ApiError';
import {
  createNamedItem,
  deleteNamedItem,
  updateNamedItem,
  useNamedItems,
  type NamedCatalogPath,
} from '../../api/namedCatalog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMessageText } from '../../i18n/messages';
import { useLanguage } from '../../i18n/useLanguage';
import { useCurrentUser } from '../auth/useAuth';
import { gridLocaleText } from '../../components/gridLocales';
import { NamedItemDialog } from './NamedItemDialog';

/** The catalogue section holding a resource's texts (title, add, confirmations, toasts). */
export type NamedCatalogSection = 'departments' | 'divisions';

export interface NamedCatalogPageProps {
  /** API path of the resource. */
  path: NamedCatalogPath;
  section: NamedCatalogSection;
}

/** The API's order: by name, ignoring case. */
function byName(items: NamedItem[]): NamedItem[] {
  return items.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

type Editing = { mode: 'add' } | { mode: 'edit'; item: NamedItem };

/**
 * A list of named items (departments, divisions): everyone allowed to read sees the list;
 * only roles that may write see Add, Edit and Delete (the API refuses the others too).
 */
export function NamedCatalogPage({ path, section }: NamedCatalogPageProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const { data, error, isLoading, mutate } = useNamedItems(path);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The item stays set while the confirmation fades out, so its text does not blank.
  const [deleting, setDeleting] = useState<{ item: NamedItem; open: boolean } | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const closeDelete = () => setDeleting((current) => (current === null ? null : { ...current, open: false }));
  const language = useLanguage();

  const toastError = (failure: unknown) => enqueueSnackbar(messageText(errorMessageOf(failure)), { variant: 'error' });

  // The list is read from an index that is eventually consistent on AWS: a refetch right
  // after a write may not show it yet. The answer of the write itself updates the list.
  const save = async (input: NamedItemInput) => {
    let saved: NamedItem;
    try {
      if (editing?.mode === 'edit') {
        saved = await updateNamedItem(path, editing.item.id, input);
        enqueueSnackbar(t(`${section}.updated`, { name: saved.name }), { variant: 'success' });
      } else {
        saved = await createNamedItem(path, input);
        enqueueSnackbar(t(`${section}.created`, { name: saved.name }), { variant: 'success' });
      }
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    await mutate((items = []) => byName([...items.filter((existing) => existing.id !== saved.id), saved]), { revalidate: false });
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { item } = deleting;
    setDeleteBusy(true);
    try {
      await deleteNamedItem(path, item.id);
      enqueueSnackbar(t(`${section}.deleted`, { name: item.name }), { variant: 'success' });
      await mutate((items = []) => items.filter((existing) => existing.id !== item.id), { revalidate: false });
    } catch (failure) {
      toastError(failure);
      await mutate();
    } finally {
      setDeleteBusy(false);
      closeDelete();
    }
  };

  const columns = useMemo<GridColDef<NamedItem>[]>(() => {
    const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const base: GridColDef<NamedItem>[] = [
      { field: 'name', headerName: t('catalog.name'), flex: 1, minWidth: 180 },
      {
        field: 'updatedAt',
        headerName: t('catalog.updatedAt'),
        type: 'dateTime',
        width: 220,
        valueGetter: (value: string) => new Date(value),
        valueFormatter: (value: Date) => dateFormat.format(value),
      },
    ];
    if (!canWrite) return base;
    return [
      ...base,
      {
        field: 'actions',
        type: 'actions',
        headerName: t('catalog.actions'),
        width: 110,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<EditIcon />}
            label={t('catalog.editItem', { name: row.name })}
            onClick={() => setEditing({ mode: 'edit', item: row })}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={t('catalog.deleteItem', { name: row.name })}
            onClick={() => setDeleting({ item: row, open: true })}
          />,
        ],
      },
    ];
  }, [canWrite, language, t]);

  const localeText = useMemo(
    () => ({ ...gridLocaleText(language), noRowsLabel: t(`${section}.empty`) }),
    [language, section, t],
  );

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1">
          {t(`${section}.title`)}
        </Typography>
        {canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            {t(`${section}.add`)}
          </Button>
        )}
      </Stack>
      {error !== undefined && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void mutate()}>
              {t('catalog.reload')}
            </Button>
          }
        >
          {messageText(errorMessageOf(error))}
        </Alert>
      )}
      <Paper variant="outlined">
        <Box sx={{ width: '100%' }}>
          <DataGrid<NamedItem>
            rows={data ?? []}
            columns={columns}
            loading={isLoading}
            autoHeight
            disableRowSelectionOnClick
            pageSizeOptions={[25, 50, 100]}
            initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
            localeText={localeText}
            aria-label={t(`${section}.title`)}
            sx={{ border: 0 }}
          />
        </Box>
      </Paper>
      {editing !== null && (
        <NamedItemDialog
          title={t(editing.mode === 'add' ? `${section}.addTitle` : `${section}.editTitle`)}
          initialName={editing.mode === 'edit' ? editing.item.name : ''}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t(`${section}.deleteTitle`)}
        message={deleting === null ? '' : t(`${section}.deleteConfirm`, { name: deleting.item.name })}
        confirmLabel={t('catalog.delete')}
        cancelLabel={t('catalog.cancel')}
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={closeDelete}
      />
    </>
  );
}
