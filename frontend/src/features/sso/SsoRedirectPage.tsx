import { FullPageLoader } from '../../components/FullPageLoader';

export default function SsoRedirectPage(_props: { variant?: 'normal' | 'helpdesk' }) {
  return <FullPageLoader />;
}
