import { useId, useState, type MouseEvent } from 'react';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import DevicesIcon from '@mui/icons-material/Devices';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { saveOwnProfile } from '../api/account';
import { useAuth } from '../session/useAuth';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { useLanguage } from '../i18n/useLanguage';
import { useClientState } from '../session/clientState';

/** The user menu: who is signed in, the language, Help, sessions and devices, Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { profileName, userName } = useClientState();
  const language = useLanguage();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = profileName ?? userName ?? user?.email ?? '';

  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);
  const go = (path: string) => {
    close();
    navigate(path);
  };
  const chooseLanguage = (option: Language) => {
    close();
    void changeLanguage(option);
    // Kept on the profile too, so the next sign-in (on any device) opens in it.
    const email = userName ?? user?.email;
    if (email) saveOwnProfile(email, { lang: option }).catch((error: unknown) => console.warn('The language could not be saved on the profile', error));
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        onClick={open}
        aria-label={t('topBar.userMenu', { name })}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor !== null ? menuId : undefined}
        sx={{ maxWidth: { xs: 120, sm: 240 } }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <ListSubheader>{t('topBar.language')}</ListSubheader>
        {LANGUAGES.map((option) => (
          <MenuItem key={option} lang={option} selected={option === language} onClick={() => chooseLanguage(option)}>
            <ListItemIcon>{option === language && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${option}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => go('/app/help')}>
          <ListItemIcon>
            <HelpOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.help')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => go('/app/sessions')}>
          <ListItemIcon>
            <DevicesIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.sessions')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
