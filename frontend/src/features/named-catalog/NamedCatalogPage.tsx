import { useMemo } from 'react';
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
import { useTranslation } from 'react-i18next';
import type { NamedItem, NamedItemInput } from '@domain/organisation/named-catalog';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { errorMessageOf } from '../../api/ApiError';
import {
  createNamedItem,
  deleteNamedItem,
  updateNamedItem,
  useNamedItems,
  type NamedCatalogPath,
} from '../../api/namedCatalog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
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

/**
 * A list of named items (departments, divisions): everyone allowed to read sees the list;
 * only roles that may write see Add, Edit and Delete (the API refuses the others too).
 */
export function NamedCatalogPage({ path, section }: NamedCatalogPageProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const { data, error, isLoading, mutate } = useNamedItems(path);
  const page = useAdminListPage<NamedItem, NamedItemInput>({
    section,
    mutate,
    create: (input) => createNamedItem(path, input),
    update: (item, input) => updateNamedItem(path, item.id, input),
    remove: (item) => deleteNamedItem(path, item.id),
    reloadOnDeleteFailure: true,
  });
  const { editing, startEdit, askDelete } = page;
  const language = useLanguage();

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
            onClick={() => startEdit(row)}
          />,
          <GridActionsCellItem
            key="delete"
            icon={<DeleteIcon />}
            label={t('catalog.deleteItem', { name: row.name })}
            onClick={() => askDelete(row)}
          />,
        ],
      },
    ];
  }, [askDelete, canWrite, language, startEdit, t]);

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
          <Button variant="contained" startIcon={<AddIcon />} onClick={page.startAdd}>
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
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </>
  );
}
