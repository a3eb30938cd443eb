import { useEffect } from 'react';
import { categoryIntro, categoryLabel, categoryPageTitle } from '../../../shared/catalog.ts';
import { PageHeader } from '../../components/ui/page.tsx';

/** The category page's own title while it is open (the server sends the same one: category-page.ts). */
function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** Browse Vendors' heading, or a category page's: the category's name and what its vendors do. */
export function BrowseHeader({ category }: { category: string | undefined }) {
  useDocumentTitle(category ? categoryPageTitle(category) : null);
  if (!category)
    return (
      <PageHeader
        eyebrow="Vendors"
        title="Browse Vendors"
        intro="Verified cake makers and event vendors across British Columbia, approved by the Frosted team."
      />
    );
  return (
    <PageHeader
      eyebrow="Browse Vendors"
      title={categoryLabel(category)}
      intro={`${categoryIntro(category)} Every vendor is approved by the Frosted team.`}
    />
  );
}
