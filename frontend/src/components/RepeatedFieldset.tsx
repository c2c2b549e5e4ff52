import type { ReactNode } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface RepeatedFieldsetProps {
  /** Its legend and accessible name (`Schedule 2`). */
  label: string;
  /** The Remove button's label; no button without `onRemove`. */
  removeLabel: string;
  onRemove?: (() => void) | undefined;
  /** Its fields, in a grid. */
  children: ReactNode;
}

/** One of a form's repeated groups of fields (a schedule): framed, under its legend, with a Remove button. */
export function RepeatedFieldset({ label, removeLabel, onRemove, children }: RepeatedFieldsetProps) {
  return (
    <Paper variant="outlined" component="fieldset" aria-label={label} sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="legend">{label}</Typography>
        {onRemove !== undefined && <Button size="small" startIcon={<DeleteIcon />} onClick={onRemove}>{removeLabel}</Button>}
      </Box>
      <Grid container columnSpacing={2}>{children}</Grid>
    </Paper>
  );
}
