import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { InstanceState } from '../../../api/haccp';

const COLOURS: Record<InstanceState, { color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  outstanding: { color: 'default', variant: 'outlined' },
  inProgress: { color: 'info', variant: 'filled' },
  completedOnTime: { color: 'success', variant: 'filled' },
  completedLate: { color: 'warning', variant: 'filled' },
  overdue: { color: 'error', variant: 'filled' },
  missed: { color: 'error', variant: 'outlined' },
};

/** A checklist instance's state in words, coloured by how much it asks for attention. */
export function StateChip({ state }: { state: InstanceState }) {
  const { t } = useTranslation();
  return <Chip size="small" {...COLOURS[state]} label={t(`haccpFilling.state.${state}`)} />;
}
