import { FullPageLoader } from '../../components/FullPageLoader';

export default function NoAccessRedirectPage() {
  return <FullPageLoader />;
}
