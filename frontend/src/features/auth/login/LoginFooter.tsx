import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APP_VERSION } from '@domain/core/app-config';
import './login.css';

/**
 * The login screens' footer: privacy policy, terms, and the app version (SPEC section 2). Plain
 * elements drawn by login.css as MUI's body2 links and text: it is part of the first sign-in form.
 */
export function LoginFooter() {
  const { t } = useTranslation();
  return (
    <footer className="login__footer">
      <Link to="/privacyPolicy" className="text-link">
        {t('login.privacyPolicy')}
      </Link>
      <Link to="/termsCondition" className="text-link">
        {t('login.termsCondition')}
      </Link>
      <p className="login__version">{t('app.version', { version: APP_VERSION })}</p>
    </footer>
  );
}
