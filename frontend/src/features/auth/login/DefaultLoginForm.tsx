import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { loginPasswordProblem, usernameProblem } from '@domain/identity/login-rules';
import { startSignIn } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { prefetchLoginSteps } from './loginSteps';
import { OutlinedField } from './OutlinedField';
import { PasswordField } from './PasswordField';
import type { LoginFlow } from './useLoginFlow';

type Field = 'username' | 'password';

/**
 * Mode default: username, password with its toggle, Forgot Password, Login (Loading... while signing in).
 * A plain controlled form, checked by the domain's plain rules: the sign-in page's first load
 * carries neither react-hook-form nor zod (docs/performance.md). As the other modes' forms do
 * (react-hook-form, mode "all"), a field shows its message once typed in or left, every field on
 * submit, and Login stays off while any rule fails.
 */
export function DefaultLoginForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [values, setValues] = useState<Record<Field, string>>({ username: flow.state.username, password: '' });
  const [checked, setChecked] = useState<ReadonlySet<Field>>(new Set());
  const [submitting, setSubmitting] = useState(false);

  const problems: Record<Field, string | undefined> = {
    username: usernameProblem(values.username),
    password: loginPasswordProblem(values.password),
  };
  const valid = problems.username === undefined && problems.password === undefined;
  const errorText = (field: Field): string | undefined => {
    const problem = problems[field];
    return checked.has(field) && problem !== undefined ? messageText(problem) : undefined;
  };
  const check = (field: Field) => setChecked((fields) => (fields.has(field) ? fields : new Set([...fields, field])));
  const fieldProps = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      check(field);
    },
    onBlur: () => check(field),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(new Set(['username', 'password']));
    if (!valid || submitting) return;
    // The username as the schema gives it: trimmed.
    const username = values.username.trim();
    const { password } = values;
    setSubmitting(true);
    // The next mode's form arrives while the identity service answers.
    prefetchLoginSteps();
    try {
      const step = await startSignIn(username, password, flow.variant);
      await flow.answerPassword(step, username, password);
    } catch (error) {
      await flow.passwordFailed(error, username, password);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}>
      <OutlinedField
        input={fieldProps('username')}
        label={t('login.username')}
        type="email"
        autoComplete="username"
        autoFocus
        errorText={errorText('username')}
      />
      <PasswordField
        registration={fieldProps('password')}
        label={t('login.password')}
        autoComplete="current-password"
        errorText={errorText('password')}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
        // Keeps the focus where it is: a blur would show a field message above the link and
        // move it away from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          prefetchLoginSteps();
          flow.dispatch({ type: 'forgotPasswordOpened' });
        }}
      >
        {t('login.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!valid || submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </Stack>
  );
}
