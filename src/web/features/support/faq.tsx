import { Search } from 'lucide-react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../components/ui/accordion.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { FAQ, filterFaq } from './faq-data.ts';

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
  const groups = filterFaq(FAQ, query);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="relative">
        <Search className="pointer-events-none absolute left-4 top-3.5 size-4 text-cocoa-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search FAQs"
          placeholder="Search FAQs"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          className="pl-11"
        />
      </div>
      {groups.length === 0 ? (
        <div className="mt-8 rounded-2xl bg-white p-10 text-center" role="status">
          <p className="font-display text-xl font-semibold">No results found</p>
          <p className="mt-1 text-cocoa-600">Try other words, or ask us directly.</p>
          <Button variant="outline" className="mt-4" onClick={onContact}>
            Contact support
          </Button>
        </div>
      ) : (
        <Accordion type="single" collapsible className="mt-6 space-y-8">
          {groups.map((g) => (
            <section key={g.title} aria-labelledby={`faq-${g.title}`}>
              <h2 id={`faq-${g.title}`} className="text-2xl font-semibold">
                {g.title}
              </h2>
              <div className="mt-2 rounded-2xl bg-white px-5 shadow-[var(--shadow-soft)]">
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
