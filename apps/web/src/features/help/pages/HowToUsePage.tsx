import { HelpDocument } from '../components/HelpDocument.tsx';

export default function HowToUsePage() {
  return <HelpDocument page="howToUse" layout="steps" />;
}
