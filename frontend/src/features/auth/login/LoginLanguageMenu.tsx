import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/useLanguage';
import { Icon } from './icons';

const loadList = () => import('./LoginLanguageList');
// The list is MUI's Menu with the app's theme: fetched once wanted, not with the sign-in page.
const LoginLanguageList = lazy(loadList);

/** The sign-in page's language switch: `LanguageMenu`'s button as plain elements, the same list once opened. */
export function LoginLanguageMenu() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so the menu's closing transition still plays.
  const [used, setUsed] = useState(false);
  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setUsed(true);
  };
  // Fetched as the pointer or the focus reaches the button, so the click rarely waits.
  const prefetch = () => {
    loadList().catch(() => undefined);
  };
  return (
    <>
      <button
        type="button"
        className="button button--text"
        onClick={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={t('topBar.languageCurrent', { language: language.toUpperCase() })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor !== null ? 'language-menu' : undefined}
      >
        <span className="button__start-icon">
          <Icon name="translate" />
        </span>
        {language.toUpperCase()}
      </button>
      {used && (
        <Suspense fallback={null}>
          <LoginLanguageList anchor={anchor} language={language} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
