import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVendorSearch } from '../../vendors/api/list.ts';

export interface RequestVendor {
  id: string;
  name: string;
  /** What the vendor sells: only vendors of the request's category are offered. */
  categories: string[];
}

/**
 * Find a vendor by name, specialty or place (the Browse Vendors search) and add them to the request;
 * approved vendors only, as Browse Vendors lists, and only those who sell what the request is for.
 */
export function VendorSearch({
  category,
  listed,
  full,
  onAdd,
  invalid = false,
}: {
  category: string;
  listed: string[];
  full: boolean;
  onAdd: (vendor: RequestVendor) => void;
  /** No vendor is chosen and none is listed: the box is marked, and described by the message. */
  invalid?: boolean;
}) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  // Asks once the customer pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useVendorSearch(term, category);
  const results = (search.data?.vendors ?? []).filter((v) => !listed.includes(v.id));
  return (
    <div className="space-y-2 border-t border-cocoa-900/10 pt-3">
      <SearchInput
        label="Find a vendor"
        placeholder="Find a vendor by name, specialty or city..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...(invalid && { 'aria-invalid': true, 'aria-describedby': 'vendors-error' })}
      />
      {term.length >= 2 && (
        <div aria-live="polite">
          {search.isPending ? (
            <Spinner label="Searching" className="py-1" />
          ) : search.isError ? (
            <p className="text-sm text-rose-700">{search.error.message}</p>
          ) : results.length === 0 ? (
            <p className="text-sm text-cocoa-600">
              {search.data?.vendors.length
                ? 'They are already in your list.'
                : 'No vendors match that search.'}
            </p>
          ) : (
            <ul aria-label="Vendors found" className="divide-y divide-cocoa-900/8">
              {results.map((v) => (
                <li key={v.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0 text-sm">
                    <span className="font-medium">{v.name}</span>
                    <span className="text-cocoa-500"> · {v.locationLabel}</span>
                  </span>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={full}
                    aria-label={`Add ${v.name}`}
                    onClick={() => onAdd({ id: v.id, name: v.name, categories: v.categories })}
                  >
                    Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
