import SignInPage from '../SignInPage';

export type LoginVariant = 'normal' | 'helpdesk';

/** The login screen (SPEC section 2: /login and /login/helpdesk). */
export default function LoginPage(_props: { variant: LoginVariant }) {
  return <SignInPage />;
}
