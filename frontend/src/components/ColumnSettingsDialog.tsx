import { useId, useState } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRID_SETTINGS, orderColumns, type GridSettings } from '@domain/identity/grid-settings';

export interface ColumnSettingsDialogProps {
  /** The grid's columns in their declared order (before the user's order). */
  columns: readonly { field: string; headerName: string }[];
  settings: GridSettings;
  onSave(settings: GridSettings): void;
  onClose(): void;
}

/**
 * Which columns a grid shows and in which order (the free data grid cannot drag columns to
 * reorder them, so order is set here). Reset goes back to the grid's own columns and widths.
 */
export function ColumnSettingsDialog({ columns, settings, onSave, onClose }: ColumnSettingsDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const declared = columns.map((column) => column.field);
  const [order, setOrder] = useState(() => orderColumns(columns, settings.columnOrder).map((column) => column.field));
  const [visibility, setVisibility] = useState(settings.columnVisibility);
  const [widths, setWidths] = useState(settings.columnWidths);
  const nameOf = (field: string) => columns.find((column) => column.field === field)?.headerName ?? field;

  const move = (index: number, by: -1 | 1) => {
    setOrder((current) => {
      const next = [...current];
      const [field] = next.splice(index, 1);
      if (field !== undefined) next.splice(index + by, 0, field);
      return next;
    });
  };

  const reset = () => {
    setOrder(declared);
    setVisibility(DEFAULT_GRID_SETTINGS.columnVisibility);
    setWidths(DEFAULT_GRID_SETTINGS.columnWidths);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('adminGrid.columnSettings')}</DialogTitle>
      <DialogContent dividers>
        <List dense disablePadding>
          {order.map((field, index) => (
            <ListItem
              key={field}
              disableGutters
              secondaryAction={
                <>
                  <IconButton
                    size="small"
                    aria-label={t('adminGrid.moveUp', { name: nameOf(field) })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('adminGrid.moveDown', { name: nameOf(field) })}
                    disabled={index === order.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <FormControlLabel
                control={
                  <Checkbox
                    checked={visibility[field] !== false}
                    onChange={(event) => setVisibility((current) => ({ ...current, [field]: event.target.checked }))}
                  />
                }
                label={nameOf(field)}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={reset}>{t('adminGrid.reset')}</Button>
        <Button onClick={onClose}>{t('adminGrid.cancel')}</Button>
        <Button variant="contained" onClick={() => onSave({ columnOrder: order, columnVisibility: visibility, columnWidths: widths })}>
          {t('adminGrid.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
