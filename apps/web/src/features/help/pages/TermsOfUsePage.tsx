import { HelpDocument } from '../components/HelpDocument.tsx';

export default function TermsOfUsePage() {
  return <HelpDocument page="termsOfUse" layout="articles" />;
}
