import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { LastSelectedLocation, Navbar } from '@domain/identity/account';
import { useSWRConfig } from 'swr';
import { LAST_SELECTED_LOCATION_KEY, NAVBAR_KEY, saveLastSelectedLocation, useLastSelectedLocation, useNavbarLocations } from '../api/locations';
import { TOAST_DURATION_MS } from '../components/toasts';
import { updateClientState, useClientState } from '../session/clientState';

const ALL_SITES = '';

/** The saved choice when it still exists, else the first location with all its sites. */
export function initialSelection(navbar: Navbar, saved: LastSelectedLocation | null | undefined): LastSelectedLocation | null {
  const location = navbar.locations.find(({ id }) => id === saved?.locationId) ?? navbar.locations[0];
  if (location === undefined) return null;
  const site = location.id === saved?.locationId ? location.sites.find(({ id }) => id === saved.siteId) : undefined;
  return { locationId: location.id, siteId: site?.id ?? null };
}

/** The top bar's white-on-colour fields; the drawer's keep the theme's. */
const TOP_BAR_FIELD = { color: 'inherit', '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.5)' }, '& .MuiSvgIcon-root': { color: 'inherit' } } as const;

/**
 * The top bar's location and site selector (SPEC section 7: locations and sites for the
 * navbar). The choice is kept in the client state and saved as the user's last selection.
 * `inDrawer`: the same choice in the navigation drawer of a phone, where the top bar has no
 * room for it (issue 17 item 6); the top bar's selector alone loads the first choice and
 * reports a failed load.
 */
export function LocationSelector({ inDrawer = false }: { inDrawer?: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const locationLabel = useId();
  const siteLabel = useId();
  const { selectedLocation, customerId, proxy } = useClientState();
  const navbar = useNavbarLocations(true);
  const saved = useLastSelectedLocation(selectedLocation === null);
  const reported = useRef(false);

  // The organisation the answers are about: the user's own, or the one a proxy acts for (issue 16).
  const placesOf = `${customerId ?? ''}#${proxy?.sessionId ?? ''}`;
  const answeredFor = useRef(placesOf);
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (inDrawer || answeredFor.current === placesOf) return;
    answeredFor.current = placesOf;
    reported.current = false;
    // A proxy started or ended while the top bar stayed mounted: its places and the saved choice
    // are asked again (a revalidation, never an answer deduplicated from before the switch).
    void mutate(NAVBAR_KEY);
    void mutate(LAST_SELECTED_LOCATION_KEY);
  }, [inDrawer, mutate, placesOf]);

  useEffect(() => {
    if (inDrawer || navbar.error === undefined || reported.current) return;
    reported.current = true;
    enqueueSnackbar(t('messages.navbarLocationsError'), { variant: 'error', autoHideDuration: TOAST_DURATION_MS.standard });
  }, [enqueueSnackbar, inDrawer, navbar.error, t]);

  // First visit of this session: the last selection the server kept (or the first location).
  useEffect(() => {
    if (inDrawer || selectedLocation !== null || navbar.data === undefined || (saved.data === undefined && saved.error === undefined)) return;
    const selection = initialSelection(navbar.data, saved.data);
    if (selection !== null) updateClientState({ selectedLocation: selection });
  }, [inDrawer, navbar.data, saved.data, saved.error, selectedLocation]);

  const locations = navbar.data?.locations ?? [];
  if (locations.length === 0) return null;
  const current = locations.find(({ id }) => id === selectedLocation?.locationId);

  const choose = (selection: LastSelectedLocation) => {
    updateClientState({ selectedLocation: selection });
    saveLastSelectedLocation(selection).catch((error: unknown) => {
      // The choice still applies in this browser; only next visit's default is lost.
      console.warn('The selected location could not be saved', error);
    });
  };

  return (
    <Box
      sx={inDrawer
        ? { display: { xs: 'flex', sm: 'none' }, flexDirection: 'column', gap: 2, px: 2, pt: 2 }
        : { display: { xs: 'none', sm: 'flex' }, gap: 1, mr: 1 }}
    >
      <FormControl size="small" sx={{ minWidth: 160 }}>
        <InputLabel id={locationLabel} sx={inDrawer ? undefined : { color: 'inherit' }}>{t('topBar.location')}</InputLabel>
        <Select
          labelId={locationLabel}
          label={t('topBar.location')}
          value={current?.id ?? ''}
          onChange={(event) => choose({ locationId: event.target.value || null, siteId: null })}
          sx={inDrawer ? undefined : TOP_BAR_FIELD}
        >
          {locations.map((location) => (
            <MenuItem key={location.id} value={location.id}>
              {location.displayName}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {current !== undefined && current.sites.length > 0 && (
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={siteLabel} shrink sx={inDrawer ? undefined : { color: 'inherit' }}>{t('topBar.site')}</InputLabel>
          <Select
            labelId={siteLabel}
            label={t('topBar.site')}
            displayEmpty
            notched
            value={selectedLocation?.siteId ?? ALL_SITES}
            onChange={(event) => choose({ locationId: current.id, siteId: event.target.value || null })}
            sx={inDrawer ? undefined : TOP_BAR_FIELD}
          >
            <MenuItem value={ALL_SITES}>{t('topBar.allSites')}</MenuItem>
            {current.sites.map((site) => (
              <MenuItem key={site.id} value={site.id}>
                {site.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
    </Box>
  );
}
