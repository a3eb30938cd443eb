import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LOCATIONS, SPECIALTIES, VENDOR_CATEGORIES } from '../../../shared/catalog.ts';
import {
  VENDOR_SORT_LABELS,
  VENDOR_SORTS,
  type VendorFilters,
  type VendorSort,
} from '../../../shared/schemas/vendors.ts';
import { Button } from '../../components/ui/button.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { Options } from '../../components/ui/input.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { MoreFilters } from './more-filters.tsx';
import { moreFilterCount } from './use-browse-filters.ts';

const SEARCH_DELAY_MS = 350;

/**
 * Search, category, location, specialty (cakes only), sort and More Filters; every change goes
 * straight to the URL.
 */
export function BrowseToolbar({
  filters,
  onChange,
  total,
}: {
  filters: VendorFilters;
  onChange: (change: Partial<VendorFilters>) => void;
  total: number | null;
}) {
  const [text, setText] = useState(filters.q ?? '');
  const [shownQ, setShownQ] = useState(filters.q);
  // The URL can change under the box (back button, Clear filters): follow it, unless it is only
  // catching up with what is typed.
  if (shownQ !== filters.q) {
    setShownQ(filters.q);
    if ((filters.q ?? '') !== text.trim().replace(/\s+/g, ' ')) setText(filters.q ?? '');
  }
  useEffect(() => {
    const q = text.trim().replace(/\s+/g, ' ') || undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => onChange({ q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.q, onChange]);

  const more = moreFilterCount(filters);
  // Cake specialties narrow cake makers; for another category they would match nobody.
  const cakes = filters.category === 'all' || filters.category === 'cakes';
  return (
    <div className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:p-6">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onChange({ q: text.trim() || undefined });
        }}
      >
        <SearchInput
          label="Search vendors"
          placeholder="Name, specialty or location"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      <div
        className={`mt-4 grid items-end gap-3 sm:grid-cols-2 sm:gap-4 ${cakes ? 'lg:grid-cols-[1fr_1fr_1fr_1fr_auto]' : 'lg:grid-cols-[1fr_1fr_1fr_auto]'}`}
      >
        <SelectField
          id="browse-category"
          label="Category"
          value={filters.category}
          onChange={(e) => {
            const category = e.target.value as VendorFilters['category'];
            onChange({ category, ...(category !== 'all' && category !== 'cakes' && { specialty: 'all' }) });
          }}
        >
          <option value="all">All categories</option>
          <Options options={VENDOR_CATEGORIES} />
        </SelectField>
        <SelectField
          id="browse-location"
          label="Location"
          value={filters.location}
          onChange={(e) => onChange({ location: e.target.value as VendorFilters['location'] })}
        >
          <option value="all">All locations</option>
          <Options options={LOCATIONS} />
        </SelectField>
        {cakes && (
          <SelectField
            id="browse-specialty"
            label="Specialty"
            value={filters.specialty}
            onChange={(e) => onChange({ specialty: e.target.value as VendorFilters['specialty'] })}
          >
            <option value="all">All specialties</option>
            <Options options={SPECIALTIES} />
          </SelectField>
        )}
        <SelectField
          id="browse-sort"
          label="Sort by"
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value as VendorSort })}
        >
          <Options options={VENDOR_SORTS} labels={VENDOR_SORT_LABELS} />
        </SelectField>
        <MoreFilters filters={filters} onChange={onChange} total={total}>
          <Button variant="outline" className="w-full lg:w-auto">
            <SlidersHorizontal aria-hidden /> More Filters
            {more > 0 && (
              <span className="rounded-full bg-rose-600 px-2 py-0.5 text-xs text-white">
                {more}
                <span className="sr-only"> on</span>
              </span>
            )}
          </Button>
        </MoreFilters>
      </div>
    </div>
  );
}
