import { useEffect, useMemo } from 'react';
import AddPhotoIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { DEVICE_IMAGE_TYPES, deviceFileProblem } from '@domain/devices/device-records';
import { GATEWAY_MAX_IMAGES } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { deviceFileDownloadUrl, useDeviceFiles } from '../../api/deviceRecords';
import { useMessageText } from '../../i18n/messages';

/** The images a gateway will have: those it has and keeps, and new ones to upload on save. */
export interface GatewayImagePlan {
  keep: string[];
  add: File[];
}

export interface GatewayImagesFieldProps {
  /** The gateway whose stored images `plan.keep` names; none while adding one. */
  gatewayId?: string;
  plan: GatewayImagePlan;
  onChange(plan: GatewayImagePlan): void;
  /** A refusal to show (a product message), set by the field itself or by the API. */
  error: string | null;
  onError(message: string | null): void;
}

const THUMBNAIL_PX = 96;

/** Adds what fits of the chosen files: each an allowed image, and at most 5 in all (SPEC section 5). */
export function addImages(plan: GatewayImagePlan, chosen: readonly File[]): { plan: GatewayImagePlan; error: string | null } {
  const add = [...plan.add];
  let error: string | null = null;
  for (const file of chosen) {
    const problem = deviceFileProblem({ kind: 'image', contentType: file.type, size: file.size });
    if (problem !== undefined) {
      error = problem;
      continue;
    }
    if (plan.keep.length + add.length >= GATEWAY_MAX_IMAGES) {
      error = MESSAGES.gatewayImagesMax;
      break;
    }
    add.push(file);
  }
  return { plan: { keep: plan.keep, add }, error };
}

function Thumbnail({ src, name, onRemove, removeLabel }: { src: string | undefined; name: string; onRemove(): void; removeLabel: string }) {
  return (
    <Box sx={{ position: 'relative', width: THUMBNAIL_PX }}>
      <Box
        sx={{ width: THUMBNAIL_PX, height: THUMBNAIL_PX, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        {src !== undefined && <img src={src} alt={name} width={THUMBNAIL_PX} height={THUMBNAIL_PX} style={{ objectFit: 'cover', display: 'block' }} />}
      </Box>
      <Typography variant="caption" noWrap component="p" title={name}>{name}</Typography>
      <IconButton
        size="small"
        aria-label={removeLabel}
        onClick={onRemove}
        sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** A stored image, shown through a presigned download URL. */
function StoredThumbnail({ gatewayId, fileId, name, onRemove, removeLabel }: { gatewayId: string; fileId: string; name: string; onRemove(): void; removeLabel: string }) {
  const url = useSWR(['gateway-image-url', gatewayId, fileId], ([, gateway, file]) => deviceFileDownloadUrl('gateways', gateway, file), { revalidateOnFocus: false });
  return <Thumbnail src={url.data} name={name} onRemove={onRemove} removeLabel={removeLabel} />;
}

/** A chosen file, shown from the browser's memory until it is uploaded. */
function LocalThumbnail({ file, onRemove, removeLabel }: { file: File; onRemove(): void; removeLabel: string }) {
  const src = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(src), [src]);
  return <Thumbnail src={src} name={file.name} onRemove={onRemove} removeLabel={removeLabel} />;
}

/** The stored images kept, by their file names. */
function StoredThumbnails({ gatewayId, keep, onRemove }: { gatewayId: string; keep: readonly string[]; onRemove(fileId: string): void }) {
  const { t } = useTranslation();
  const stored = useDeviceFiles('gateways', gatewayId, 'image');
  const names = useMemo(() => new Map((stored.data ?? []).map((file) => [file.id, file.fileName])), [stored.data]);
  return keep.map((fileId) => {
    const name = names.get(fileId) ?? t('gateways.images.image');
    return (
      <StoredThumbnail
        key={fileId}
        gatewayId={gatewayId}
        fileId={fileId}
        name={name}
        removeLabel={t('gateways.images.remove', { name })}
        onRemove={() => onRemove(fileId)}
      />
    );
  });
}

/** A gateway's images (up to 5): the stored ones kept or removed, new ones chosen for upload on save. */
export function GatewayImagesField({ gatewayId, plan, onChange, error, onError }: GatewayImagesFieldProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const count = plan.keep.length + plan.add.length;

  const choose = (files: FileList | null) => {
    if (files === null || files.length === 0) return;
    const next = addImages(plan, [...files]);
    onChange(next.plan);
    onError(next.error);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 1 }}>
        {gatewayId !== undefined && (
          <StoredThumbnails
            gatewayId={gatewayId}
            keep={plan.keep}
            onRemove={(fileId) => {
              onChange({ keep: plan.keep.filter((id) => id !== fileId), add: plan.add });
              onError(null);
            }}
          />
        )}
        {plan.add.map((file, index) => (
          <LocalThumbnail
            key={`${file.name}-${index}`}
            file={file}
            removeLabel={t('gateways.images.remove', { name: file.name })}
            onRemove={() => {
              onChange({ keep: plan.keep, add: plan.add.filter((_file, at) => at !== index) });
              onError(null);
            }}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
        <Button component="label" variant="outlined" startIcon={<AddPhotoIcon />}>
          {t('gateways.images.add')}
          <input
            hidden
            type="file"
            multiple
            accept={DEVICE_IMAGE_TYPES.join(',')}
            aria-label={t('gateways.images.add')}
            onChange={(event) => {
              choose(event.target.files);
              // The same file may be chosen again after a removal.
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">{t('gateways.images.count', { count, max: GATEWAY_MAX_IMAGES })}</Typography>
      </Stack>
      <FormHelperText error={error !== null}>{error !== null ? messageText(error) : t('gateways.images.hint')}</FormHelperText>
    </Box>
  );
}

/** A gateway's images, read only (the detail page). */
export function GatewayImageGallery({ gatewayId, fileIds }: { gatewayId: string; fileIds: readonly string[] }) {
  const { t } = useTranslation();
  if (fileIds.length === 0) return <Typography variant="body2" color="text.secondary">{t('gateways.images.none')}</Typography>;
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
      {fileIds.map((fileId, index) => <GalleryImage key={fileId} gatewayId={gatewayId} fileId={fileId} alt={t('gateways.images.numbered', { number: index + 1 })} />)}
    </Stack>
  );
}

function GalleryImage({ gatewayId, fileId, alt }: { gatewayId: string; fileId: string; alt: string }) {
  const url = useSWR(['gateway-image-url', gatewayId, fileId], ([, gateway, file]) => deviceFileDownloadUrl('gateways', gateway, file), { revalidateOnFocus: false });
  return (
    <Box sx={{ width: THUMBNAIL_PX * 1.5, height: THUMBNAIL_PX * 1.5, borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: 'action.hover', overflow: 'hidden' }}>
      {url.data !== undefined && (
        <a href={url.data} target="_blank" rel="noreferrer">
          <img src={url.data} alt={alt} width={THUMBNAIL_PX * 1.5} height={THUMBNAIL_PX * 1.5} style={{ objectFit: 'cover', display: 'block' }} />
        </a>
      )}
    </Box>
  );
}
