import { HelpDocument } from '../components/HelpDocument.tsx';

export default function PrivacyPolicyPage() {
  return <HelpDocument page="privacyPolicy" layout="articles" />;
}
