import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  deviceNoteInputSchema,
  type DeviceNote,
  type DeviceNoteFormValues,
  type DeviceNoteInput,
  type DeviceRecordOwner,
} from '@domain/devices/device-records';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { addDeviceNote, deleteDeviceNote, updateDeviceNote, useDeviceNotes } from '../../api/deviceRecords';
import { FormDialog } from '../../components/FormDialog';
import { useMessageText } from '../../i18n/messages';
import { ConfirmDeleteDialog, DeviceRecordTable } from './DeviceRecordTable';
import { useDateTime } from '../../i18n/useDateTime';

export interface DeviceTabProps {
  /** Whose records: a sensor's or a gateway's (their API paths). */
  kind: DeviceRecordOwner;
  id: string;
  /** Administrators add, edit and delete; other readers only read. */
  canWrite: boolean;
}

interface NoteDialogProps {
  note?: DeviceNote;
  onSave(input: DeviceNoteInput): Promise<void>;
  onClose(): void;
}

function NoteDialog({ note, onSave, onClose }: NoteDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<DeviceNoteFormValues, unknown, DeviceNoteInput>({
    resolver: zodResolver(deviceNoteInputSchema),
    mode: 'onTouched',
    defaultValues: { name: note?.name ?? '', note: note?.note ?? '' },
  });

  const submit = async (input: DeviceNoteInput) => {
    setFailure(null);
    try {
      await onSave(input);
    } catch (error) {
      const message = errorText(error);
      // SPEC section 8: a note's name is unique on its device.
      if (error instanceof ApiError && error.code === 'noteNameTaken') setError('name', { type: 'server', message });
      else setFailure(message);
    }
  };

  return (
    <FormDialog
      title={t(note ? 'devices.notes.editTitle' : 'devices.notes.addTitle')}
      maxWidth="sm"
      busy={isSubmitting}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      onClose={onClose}
      cancelLabel={t('devices.cancel')}
      submitLabel={t('devices.save')}
    >
      {failure !== null && <Alert severity="error" sx={{ mb: 1 }}>{failure}</Alert>}
      <TextField
        {...register('name')}
        label={t('devices.notes.name')}
        required
        fullWidth
        margin="dense"
        autoComplete="off"
        error={errors.name !== undefined}
        helperText={errors.name?.message === undefined ? ' ' : messageText(errors.name.message)}
      />
      <TextField
        {...register('note')}
        label={t('devices.notes.note')}
        required
        fullWidth
        multiline
        minRows={3}
        margin="dense"
        error={errors.note !== undefined}
        helperText={errors.note?.message === undefined ? ' ' : messageText(errors.note.message)}
      />
    </FormDialog>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; note: DeviceNote };

/** A device's notes (SPEC section 3: name, note, created by, date), for sensors and gateways alike. */
export function DeviceNotesTab({ kind, id, canWrite }: DeviceTabProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime();
  const { data, error, isLoading, mutate } = useDeviceNotes(kind, id);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<DeviceNote | null>(null);

  const save = async (input: DeviceNoteInput) => {
    const saved = editing?.mode === 'edit' ? await updateDeviceNote(kind, id, editing.note.id, input) : await addDeviceNote(kind, id, input);
    enqueueSnackbar(t(editing?.mode === 'edit' ? 'devices.notes.updated' : 'devices.notes.added', { name: saved.name }), { variant: 'success' });
    setEditing(null);
    await mutate((notes = []) => [saved, ...notes.filter((note) => note.id !== saved.id)]);
  };

  const remove = async (deleted: DeviceNote) => {
    await deleteDeviceNote(kind, id, deleted.id);
    enqueueSnackbar(t('devices.notes.deleted', { name: deleted.name }), { variant: 'success' });
    await mutate((notes = []) => notes.filter((note) => note.id !== deleted.id));
  };

  return (
    <Stack sx={{ gap: 2 }}>
      {canWrite && (
        <Stack direction="row">
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>{t('devices.notes.add')}</Button>
        </Stack>
      )}
      {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
      <DeviceRecordTable
        label={t('devices.notes.title')}
        headers={[t('devices.notes.name'), t('devices.notes.note'), t('devices.notes.createdBy'), t('devices.notes.date')]}
        actions={canWrite}
        emptyText={t('devices.notes.empty')}
        isEmpty={!isLoading && (data ?? []).length === 0}
      >
        {(data ?? []).map((note) => (
          <TableRow key={note.id}>
            <TableCell>{note.name}</TableCell>
            <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{note.note}</TableCell>
            <TableCell>{note.createdBy}</TableCell>
            <TableCell>{dateTime(note.updatedAt)}</TableCell>
            {canWrite && (
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton aria-label={t('devices.notes.editItem', { name: note.name })} onClick={() => setEditing({ mode: 'edit', note })}><EditIcon /></IconButton>
                <IconButton aria-label={t('devices.notes.deleteItem', { name: note.name })} onClick={() => setDeleting(note)}><DeleteIcon /></IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
      </DeviceRecordTable>
      {editing !== null && (
        <NoteDialog key={editing.mode === 'edit' ? editing.note.id : 'new'} {...(editing.mode === 'edit' ? { note: editing.note } : {})} onSave={save} onClose={() => setEditing(null)} />
      )}
      <ConfirmDeleteDialog
        item={deleting}
        title={t('devices.notes.deleteTitle')}
        message={(note) => t('devices.notes.deleteConfirm', { name: note.name })}
        onDelete={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
