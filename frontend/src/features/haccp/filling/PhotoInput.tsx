import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import PhotoCameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

/** Photos are kept on the device until sent: a phone's 12-megapixel picture is scaled to this longest side. */
const MAX_SIDE = 1024;
/** The API takes an image of at most this many characters as a data URL (domain/haccp/answers.ts ANSWER_IMAGE_MAX_CHARS). */
const MAX_DATA_URL_CHARS = 300_000;

/** Whether the browser says the camera was refused to this site (where it can tell). */
async function cameraRefused(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'camera' as PermissionName });
    return status?.state === 'denied';
  } catch {
    // A browser that cannot be asked about the camera (Firefox, older Safari): the picker decides.
    return false;
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The photo as a JPEG data URL no larger than MAX_SIDE; as taken where the browser cannot scale it. */
async function scaledDataUrl(file: File): Promise<string> {
  const original = await readAsDataUrl(file);
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (context === null) return original;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // Lower quality until it fits: a busy kitchen photo at 0.7 can pass the API's limit.
    let scaled = '';
    for (const quality of [0.7, 0.5, 0.35, 0.2]) {
      scaled = canvas.toDataURL('image/jpeg', quality);
      if (scaled.length <= MAX_DATA_URL_CHARS) break;
    }
    return scaled;
  } catch {
    return original;
  }
}

/** A photo from the camera (`capture=environment`: the back camera on a phone), with the SPEC's message when the camera is refused. */
export function PhotoInput({ value, onChange, disabled, label }: { value: string | undefined; onChange: (value: string | undefined) => void; disabled?: boolean; label: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const [refused, setRefused] = useState(false);

  // Closed without a photo: the camera may just have been refused (React has no prop for this event).
  useEffect(() => {
    const element = input.current;
    if (element === null) return undefined;
    const cancelled = () => void cameraRefused().then(setRefused);
    element.addEventListener('cancel', cancelled);
    return () => element.removeEventListener('cancel', cancelled);
  }, []);

  const open = async () => {
    if (await cameraRefused()) {
      setRefused(true);
      return;
    }
    setRefused(false);
    input.current?.click();
  };
  const picked = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    onChange(await scaledDataUrl(file));
  };

  return (
    <Stack spacing={1}>
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={label}
        onChange={(event) => void picked(event)}
      />
      <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => void open()} disabled={disabled} sx={{ minHeight: 56, alignSelf: 'flex-start' }}>
        {value === undefined ? t('haccpFilling.takePhoto') : t('haccpFilling.retakePhoto')}
      </Button>
      {refused && <Alert severity="warning">{t('haccpFilling.cameraAccessNeeded')}</Alert>}
      {value !== undefined && <Box component="img" src={value} alt={t('haccpFilling.photoTaken')} sx={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', alignSelf: 'flex-start', borderRadius: 1 }} />}
    </Stack>
  );
}
