import type { Components, Theme } from '@mui/material/styles';

export const navigationCustomizations: Components<Theme> = {
  MuiAppBar: {
    defaultProps: { elevation: 0 },
  },
  MuiListItemButton: {
    styleOverrides: {
      root: ({ theme }) => ({
        borderRadius: theme.shape.borderRadius,
        margin: theme.spacing(0.25, 1),
        '&.Mui-selected': { fontWeight: 600 },
      }),
    },
  },
};
