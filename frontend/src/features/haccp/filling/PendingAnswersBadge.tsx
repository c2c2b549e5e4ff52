import CloudUploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { waitingCount, type QueuedItem } from './answerQueue';

/** "n answers waiting to send": shown while the device holds answers the API does not have yet. */
export function PendingAnswersBadge({ queue }: { queue: readonly QueuedItem[] }) {
  const { t } = useTranslation();
  const count = waitingCount(queue);
  if (count === 0) return null;
  return <Chip role="status" icon={<CloudUploadIcon />} color="warning" label={t('haccpFilling.waitingToSend', { count })} />;
}
