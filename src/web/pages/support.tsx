import { useState } from 'react';
import { SearchInput } from '../components/ui/search-input.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { ContactForm } from '../features/support/contact-form.tsx';
import { ContactOptions } from '../features/support/contact-options.tsx';
import { Faq } from '../features/support/faq.tsx';
import { Resources } from '../features/support/resources.tsx';

const TABS = ['faq', 'contact', 'resources'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string): v is Tab => (TABS as readonly string[]).includes(v);

const scrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';

export default function SupportPage() {
  const [tab, setTab] = useState<Tab>('faq');
  const [query, setQuery] = useState('');

  /** The help search and the FAQ filter are one query; typing in either shows the FAQ. */
  const search = (q: string) => {
    setQuery(q);
    setTab('faq');
  };
  const showTabs = () =>
    document.getElementById('support-tabs')?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  /** Opens the Contact Form tab, brings it into view and puts the cursor in the first field. */
  const openContact = () => {
    setTab('contact');
    requestAnimationFrame(() => {
      showTabs();
      const target =
        document.getElementById('contact-name') ??
        document.querySelector<HTMLElement>('#support-tabs [role="tab"][data-state="active"]');
      target?.focus({ preventScroll: true });
    });
  };

  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="How can we help?"
        intro="Answers to common questions about designing, ordering and selling cakes on Frosted, and real people when you need them."
      >
        <form
          role="search"
          className="relative mx-auto mt-8 max-w-xl"
          onSubmit={(e) => {
            e.preventDefault();
            showTabs();
          }}
        >
          <SearchInput
            large
            label="Search help articles"
            id="help-search"
            placeholder="Search help articles"
            value={query}
            onChange={(e) => search(e.target.value)}
            className="shadow-[var(--shadow-soft)]"
          />
        </form>
      </PageHeader>

      <Section className="pb-0 sm:pb-0">
        <ContactOptions onChat={openContact} />
      </Section>

      <Section id="support-tabs">
        <Tabs value={tab} onValueChange={(v) => isTab(v) && setTab(v)}>
          <div className="flex justify-center">
            <TabsList aria-label="Help topics">
              <TabsTrigger value="faq">FAQ</TabsTrigger>
              <TabsTrigger value="contact">Contact Form</TabsTrigger>
              <TabsTrigger value="resources">Resources</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="faq" className="mt-10">
            <Faq query={query} onQueryChange={search} onContact={openContact} />
          </TabsContent>
          {/* Kept mounted while hidden, so switching tabs never loses what was typed. */}
          <TabsContent value="contact" forceMount className="mt-10 data-[state=inactive]:hidden">
            <ContactForm />
          </TabsContent>
          <TabsContent value="resources" className="mt-10">
            <Resources />
          </TabsContent>
        </Tabs>
      </Section>
    </>
  );
}
