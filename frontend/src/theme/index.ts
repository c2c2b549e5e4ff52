import { createTheme } from '@mui/material/styles';
import { inputsCustomizations } from './customizations/inputs';
import { navigationCustomizations } from './customizations/navigation';

/** The portal's look: a cold-chain blue, quiet surfaces; customisations split by component family. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5fa5' },
    secondary: { main: '#00838f' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    ...inputsCustomizations,
    ...navigationCustomizations,
  },
});
