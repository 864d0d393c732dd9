import { NotFound } from '../../components/NotFound.tsx';

export default function NotFoundPage() {
  return <NotFound />;
}
