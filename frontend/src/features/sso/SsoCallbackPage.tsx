import { FullPageLoader } from '../../components/FullPageLoader';

export default function SsoCallbackPage(_props: { variant?: 'normal' | 'helpdesk' }) {
  return <FullPageLoader />;
}
