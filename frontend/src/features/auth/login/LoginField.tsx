import { useId, type ChangeEvent, type ReactNode } from 'react';

/** A controlled field's props (the first sign-in form's). */
export interface LoginFieldInput {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

interface LoginFieldProps {
  input: LoginFieldInput;
  label: string;
  /** The field's message (already in the user's language). */
  errorText?: string | undefined;
  type?: 'email' | 'password' | 'text';
  autoComplete: string;
  autoFocus?: boolean;
  endAdornment?: ReactNode;
}

/**
 * The outlined field of the first sign-in form, drawn without MUI by login.css as `OutlinedField`
 * draws it (label on a notched outline, helper text tied by aria-describedby, the same ids and
 * error state): MUI is no part of the sign-in page's first load (docs/decisions/0056-first-sign-in-form-without-mui.md).
 */
export function LoginField({ input, label, errorText, type = 'text', autoComplete, autoFocus = false, endAdornment }: LoginFieldProps) {
  const id = useId();
  const helperTextId = `${id}-helper-text`;
  const error = errorText !== undefined;
  const className = ['field', input.value === '' ? '' : 'field--shrunk', error ? 'field--error' : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label className="field__label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className={endAdornment === undefined ? 'field__box' : 'field__box field__box--adorned'}>
        <input
          {...input}
          id={id}
          className="field__input"
          type={type}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={error}
          aria-describedby={helperTextId}
          aria-required
        />
        {endAdornment}
        <fieldset className="field__outline" aria-hidden="true">
          <legend className="field__legend">
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {/* A line kept for the message, so showing it moves nothing under the pointer. */}
      <p className="field__helper" id={helperTextId}>
        {errorText ?? ' '}
      </p>
    </div>
  );
}
