import { HelpDocument } from '../components/HelpDocument.tsx';

export default function WebsiteTermsPage() {
  return <HelpDocument page="websiteTermsOfUse" layout="articles" />;
}
