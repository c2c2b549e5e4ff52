import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';

interface LanguageMenuListProps {
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
}

/** The language menu's list (MUI's Menu, Popover and Modal): loaded when the button is first used. */
export default function LanguageMenuList({ anchor, language, onClose }: LanguageMenuListProps) {
  const { t } = useTranslation();
  return (
    <Menu id="language-menu" anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((option) => (
        <MenuItem
          key={option}
          selected={option === language}
          lang={option}
          onClick={() => {
            onClose();
            void changeLanguage(option);
          }}
        >
          {t(`languages.${option}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
