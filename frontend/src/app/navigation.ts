import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LanIcon from '@mui/icons-material/Lan';

export interface NavigationItem {
  path: string;
  label: 'nav.dashboard' | 'nav.departments' | 'nav.divisions';
  icon: SvgIconComponent;
}

export interface NavigationSection {
  /** Section heading; the first section has none. */
  heading?: 'nav.administration';
  items: NavigationItem[];
}

export const NAVIGATION: readonly NavigationSection[] = [
  { items: [{ path: '/app/dashboard', label: 'nav.dashboard', icon: DashboardIcon }] },
  {
    heading: 'nav.administration',
    items: [
      { path: '/app/departments', label: 'nav.departments', icon: ApartmentIcon },
      { path: '/app/divisions', label: 'nav.divisions', icon: LanIcon },
    ],
  },
];
