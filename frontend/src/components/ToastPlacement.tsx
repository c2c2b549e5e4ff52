import GlobalStyles from '@mui/material/GlobalStyles';
import { TOAST_CONTAINER_CLASS } from './toasts';

/** The space kept between the top bar and the first toast. */
const GAP_PX = 8;

/**
 * Top centre (SPEC section 8) but under the top bar, whose height follows MUI's toolbar (56 px
 * on a phone, 64 px from sm up, 48 px on a phone held sideways): the toasts never hide its
 * location and site selectors or the user menu. Two classes beat notistack's own rule.
 */
export function ToastPlacement() {
  return (
    <GlobalStyles
      styles={(theme) => ({
        [`.notistack-SnackbarContainer.${TOAST_CONTAINER_CLASS}`]: {
          top: 56 + GAP_PX,
          [`${theme.breakpoints.up('xs')} and (orientation: landscape)`]: { top: 48 + GAP_PX },
          [theme.breakpoints.up('sm')]: { top: 64 + GAP_PX },
        },
      })}
    />
  );
}
