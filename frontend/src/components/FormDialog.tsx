import { useId, type FormEventHandler, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  title: string;
  maxWidth: DialogProps['maxWidth'];
  /** While the form is submitted: the dialog cannot be closed and both buttons are disabled. */
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  cancelLabel: string;
  submitLabel: string;
  submitColor?: ButtonProps['color'];
  /** Fill the screen (a long form on a phone). */
  fullScreen?: boolean;
  /** The form's fields (the dialog's content). */
  children: ReactNode;
}

/** A dialog around one form: its title, its fields, and Cancel and submit buttons at the foot. */
export function FormDialog({ title, maxWidth, busy, onSubmit, onClose, cancelLabel, submitLabel, submitColor, fullScreen = false, children }: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={fullScreen}>
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{cancelLabel}</Button>
          <Button type="submit" variant="contained" {...(submitColor ? { color: submitColor } : {})} disabled={busy}>{submitLabel}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
