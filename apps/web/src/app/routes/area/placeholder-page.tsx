import { PageHeading } from '../../../components/ui/page-heading.tsx';

/** A screen of the spec that a later change fills in. */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageHeading title={title} />;
}
