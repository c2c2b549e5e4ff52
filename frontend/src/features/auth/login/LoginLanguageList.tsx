import type { ComponentProps } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import LanguageMenuList from '../../../components/LanguageMenuList';
import { theme } from '../../../theme';

/** The language list under the sign-in page's plain button: the shell's list, with the app's theme. */
export default function LoginLanguageList(props: ComponentProps<typeof LanguageMenuList>) {
  return (
    <ThemeProvider theme={theme}>
      <LanguageMenuList {...props} />
    </ThemeProvider>
  );
}
