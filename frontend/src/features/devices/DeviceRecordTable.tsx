import { useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../components/useErrorText';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export interface DeviceRecordTableProps {
  /** The table's accessible name. */
  label: string;
  headers: readonly string[];
  /** Whether the rows end with an actions cell (an unlabelled last column). */
  actions: boolean;
  /** Shown as the only row when there is nothing to list (and the list is loaded). */
  emptyText: string;
  isEmpty: boolean;
  /** The rows, one cell per header (and the actions cell). */
  children: ReactNode;
}

/** The table of a device's own records (notes, files, calibrations). */
export function DeviceRecordTable({ label, headers, actions, emptyText, isEmpty, children }: DeviceRecordTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {headers.map((header) => <TableCell key={header}>{header}</TableCell>)}
            {actions && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {children}
          {isEmpty && (
            <TableRow><TableCell colSpan={headers.length + (actions ? 1 : 0)}>{emptyText}</TableCell></TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export interface ConfirmDeleteDialogProps<T> {
  /** The record asked about; null keeps the dialog closed. */
  item: T | null;
  title: string;
  message(item: T): string;
  /** Deletes it; a failure is shown as an error toast. */
  onDelete(item: T): Promise<void>;
  /** Called on cancel and once the delete is over, whether it worked or not. */
  onClose(): void;
}

/** Asks before deleting one of a device's records, then deletes it (buttons disabled meanwhile). */
export function ConfirmDeleteDialog<T>({ item, title, message, onDelete, onClose }: ConfirmDeleteDialogProps<T>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (item === null) return;
    setBusy(true);
    try {
      await onDelete(item);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={item === null ? '' : message(item)}
      confirmLabel={t('devices.delete')}
      cancelLabel={t('devices.cancel')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
