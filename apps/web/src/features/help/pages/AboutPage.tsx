import { HelpDocument } from '../components/HelpDocument.tsx';

export default function AboutPage() {
  return <HelpDocument page="about" layout="accordion" />;
}
