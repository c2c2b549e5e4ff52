import { lazy, Suspense, useState, type MouseEvent } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';

const loadMenuList = () => import('./LanguageMenuList');
// Menu brings Popover, Modal and their transitions: not with the sign-in page, only once wanted.
const LanguageMenuList = lazy(loadMenuList);

/** Switches between en, fr and es; the choice is kept in local storage. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first open on, so the menu's closing transition still plays.
  const [used, setUsed] = useState(false);

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setUsed(true);
  };
  const close = () => setAnchor(null);
  // Fetched as the pointer or the focus reaches the button, so the click rarely waits.
  const prefetch = () => {
    loadMenuList().catch(() => undefined);
  };

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-label={t('topBar.languageCurrent', { language: language.toUpperCase() })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor !== null ? 'language-menu' : undefined}
      >
        {language.toUpperCase()}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenuList anchor={anchor} language={language} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
