import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DEVICE_FILE_TYPES, DEVICE_IMAGE_TYPES, deviceFileProblem, type DeviceFile, type DeviceFileKind } from '@domain/devices/device-records';
import { useErrorText } from '../../components/useErrorText';
import { deleteDeviceFile, deviceFileDownloadUrl, uploadDeviceFile, useDeviceFiles } from '../../api/deviceRecords';
import { useMessageText } from '../../i18n/messages';
import type { DeviceTabProps } from './DeviceNotesTab';
import { ConfirmDeleteDialog, DeviceRecordTable } from './DeviceRecordTable';
import { fileSize, openDownload } from './files';
import { useDateTime } from '../../i18n/useDateTime';

export interface DeviceFilesTabProps extends DeviceTabProps {
  /** Documents (the files tab) or a gateway's images. */
  fileKind?: DeviceFileKind;
}

/**
 * A device's files: uploaded by the browser straight to storage through a presigned URL
 * (the API checks type and size first, then confirms), downloaded through another one.
 */
export function DeviceFilesTab({ kind, id, canWrite, fileKind = 'file' }: DeviceFilesTabProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const dateTime = useDateTime();
  const { data, error, isLoading, mutate } = useDeviceFiles(kind, id, fileKind);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DeviceFile | null>(null);
  const accept = (fileKind === 'image' ? DEVICE_IMAGE_TYPES : DEVICE_FILE_TYPES).join(',');

  const upload = async (file: File | undefined) => {
    if (file === undefined) return;
    // The same check as the API's, before anything is sent.
    const refusal = deviceFileProblem({ kind: fileKind, contentType: file.type, size: file.size });
    setProblem(refusal === undefined ? null : messageText(refusal));
    if (refusal !== undefined) return;
    setUploading(true);
    try {
      const stored = await uploadDeviceFile(kind, id, file, fileKind);
      enqueueSnackbar(t('devices.files.uploaded', { name: stored.fileName }), { variant: 'success' });
      await mutate((files = []) => [stored, ...files.filter((entry) => entry.id !== stored.id)]);
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setUploading(false);
    }
  };

  const download = async (file: DeviceFile) => {
    try {
      openDownload(await deviceFileDownloadUrl(kind, id, file.id), file.fileName);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    }
  };

  const remove = async (deleted: DeviceFile) => {
    await deleteDeviceFile(kind, id, deleted.id);
    await mutate((files = []) => files.filter((entry) => entry.id !== deleted.id));
  };

  const files = (data ?? []).filter((file) => file.status === 'uploaded');

  return (
    <Stack sx={{ gap: 2 }}>
      {canWrite && (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <Button component="label" variant="contained" startIcon={<UploadIcon />} disabled={uploading}>
            {t('devices.files.upload')}
            <input
              hidden
              type="file"
              accept={accept}
              aria-label={t('devices.files.upload')}
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">{t(fileKind === 'image' ? 'devices.files.imageHint' : 'devices.files.hint')}</Typography>
        </Stack>
      )}
      {uploading && <LinearProgress aria-label={t('devices.files.uploading')} />}
      {problem !== null && <Alert severity="error" onClose={() => setProblem(null)}>{problem}</Alert>}
      {error !== undefined && <Alert severity="error">{errorText(error)}</Alert>}
      <DeviceRecordTable
        label={t('devices.files.title')}
        headers={[t('devices.files.name'), t('devices.files.size'), t('devices.files.uploadedBy'), t('devices.files.date')]}
        actions
        emptyText={t('devices.files.empty')}
        isEmpty={!isLoading && files.length === 0}
      >
        {files.map((file) => (
          <TableRow key={file.id}>
            <TableCell>{file.fileName}</TableCell>
            <TableCell>{fileSize(file.size)}</TableCell>
            <TableCell>{file.createdBy}</TableCell>
            <TableCell>{dateTime(file.uploadedAt ?? file.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <IconButton aria-label={t('devices.files.downloadItem', { name: file.fileName })} onClick={() => void download(file)}><DownloadIcon /></IconButton>
              {canWrite && (
                <IconButton aria-label={t('devices.files.deleteItem', { name: file.fileName })} onClick={() => setDeleting(file)}><DeleteIcon /></IconButton>
              )}
            </TableCell>
          </TableRow>
        ))}
      </DeviceRecordTable>
      <ConfirmDeleteDialog
        item={deleting}
        title={t('devices.files.deleteTitle')}
        message={(file) => t('devices.files.deleteConfirm', { name: file.fileName })}
        onDelete={remove}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
