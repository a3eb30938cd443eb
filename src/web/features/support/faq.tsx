import { SearchX } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../components/ui/accordion.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { feePercentText } from '../../../shared/fees.ts';
import { useServiceFeeRate } from '../auth/api.ts';
import { buildFaq, filterFaq } from './faq-data.ts';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The FAQ: one keyword filter over questions and answers, and one open item at a time across all groups. */
export function Faq({
  query,
  onQueryChange,
  onContact,
}: {
  query: string;
  onQueryChange: (q: string) => void;
  onContact: () => void;
}) {
  const groups = filterFaq(buildFaq(feePercentText(useServiceFeeRate())), query);
  const matches = groups.reduce((n, g) => n + g.items.length, 0);
  const searching = query.trim() !== '';

  return (
    <div className="mx-auto max-w-3xl">
      <SearchInput
        label="Search FAQs"
        id="faq-search"
        placeholder="Search FAQs"
        value={query}
        onChange={(e) => onQueryChange(e.target.value)}
      />
      <p className="sr-only" aria-live="polite">
        {searching &&
          `${matches} ${matches === 1 ? 'question matches' : 'questions match'} "${query.trim()}".`}
      </p>

      {groups.length === 0 ? (
        <div className="mt-8 rounded-[var(--radius-card)] bg-white p-10 text-center shadow-[var(--shadow-soft)]">
          <SearchX className="mx-auto size-10 text-rose-300" aria-hidden />
          <p className="mt-3 font-display text-xl font-semibold">No results found</p>
          <p className="mt-1 text-cocoa-600">
            Try other words, or send us your question with the contact form and we will answer by e-mail.
          </p>
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button onClick={onContact}>Use the contact form</Button>
            <Button variant="outline" onClick={() => onQueryChange('')}>
              Clear search
            </Button>
          </div>
        </div>
      ) : (
        <Accordion type="single" collapsible className="mt-8 space-y-10">
          {groups.map((g) => (
            <section key={g.title} aria-labelledby={`faq-${slug(g.title)}`}>
              <h2 id={`faq-${slug(g.title)}`} className="text-2xl font-semibold">
                {g.title}
              </h2>
              <div className="mt-3 rounded-[var(--radius-card)] bg-white px-5 shadow-[var(--shadow-soft)] ring-1 ring-cocoa-900/5 sm:px-6">
                {g.items.map((item) => (
                  <AccordionItem key={item.q} value={item.q} className="last:border-0">
                    <AccordionTrigger>{item.q}</AccordionTrigger>
                    <AccordionContent>{item.a}</AccordionContent>
                  </AccordionItem>
                ))}
              </div>
            </section>
          ))}
        </Accordion>
      )}
    </div>
  );
}
