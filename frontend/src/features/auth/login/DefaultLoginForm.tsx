import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPasswordProblem, usernameProblem } from '@domain/identity/login-rules';
import { startSignIn } from '../../../api/identity';
import { useMessageText } from '../../../i18n/messages';
import { prefetchLoginSteps } from './loginSteps';
import { LoginField } from './LoginField';
import { LoginPasswordField } from './LoginPasswordField';
import type { LoginFlow } from './useLoginFlow';

type Field = 'username' | 'password';

/**
 * Mode default: username, password with its toggle, Forgot Password, Login (Loading... while signing in).
 * A plain controlled form, checked by the domain's plain rules and drawn by login.css: the sign-in
 * page's first load carries neither react-hook-form, zod nor MUI (docs/performance.md). As the other modes' forms do
 * (react-hook-form, mode "all"), a field shows its message once typed in or left, every field on
 * submit, and Login stays off while any rule fails.
 */
export function DefaultLoginForm({ flow, prefetchSignedInShell }: { flow: LoginFlow; prefetchSignedInShell: () => void }) {
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
    // The next mode's form, or the signed-in shell, arrives while the identity service answers.
    prefetchLoginSteps();
    prefetchSignedInShell();
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
    <form className="login__form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <LoginField
        input={fieldProps('username')}
        label={t('login.username')}
        type="email"
        autoComplete="username"
        autoFocus
        errorText={errorText('username')}
      />
      <LoginPasswordField input={fieldProps('password')} label={t('login.password')} errorText={errorText('password')} />
      <button
        type="button"
        className="text-link login__forgot"
        // Keeps the focus where it is: a blur would show a field message above the link and
        // move it away from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          prefetchLoginSteps();
          flow.dispatch({ type: 'forgotPasswordOpened' });
        }}
      >
        {t('login.forgotPassword')}
      </button>
      <button type="submit" className="button button--contained" disabled={!valid || submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
