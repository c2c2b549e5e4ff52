import { useState, type MouseEvent } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES } from '../i18n';
import { useLanguage } from '../i18n/useLanguage';

/** Switches between en, fr and es; the choice is kept in local storage. */
export function LanguageMenu({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color={color}
        startIcon={<TranslateIcon />}
        onClick={open}
        aria-label={t('topBar.languageCurrent', { language: language.toUpperCase() })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor !== null ? 'language-menu' : undefined}
      >
        {language.toUpperCase()}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            selected={option === language}
            lang={option}
            onClick={() => {
              close();
              void changeLanguage(option);
            }}
          >
            {t(`languages.${option}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
