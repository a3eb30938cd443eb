import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '../components/ui/input.tsx';
import { PageHeader, Section } from '../components/ui/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { ContactForm } from '../features/support/contact-form.tsx';
import { ContactOptions } from '../features/support/contact-options.tsx';
import { Faq } from '../features/support/faq.tsx';
import { Resources } from '../features/support/resources.tsx';

type Tab = 'faq' | 'contact' | 'resources';

export default function SupportPage() {
  const [tab, setTab] = useState<Tab>('faq');
  const [query, setQuery] = useState('');
  const search = (q: string) => {
    setQuery(q);
    setTab('faq');
  };
  const openContact = () => {
    setTab('contact');
    document.getElementById('support-tabs')?.scrollIntoView({ behavior: 'smooth' });
  };

  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="How can we help?"
        intro="Answers to common questions, and real people when you need them."
      >
        <div className="relative mx-auto mt-8 max-w-xl">
          <Search className="pointer-events-none absolute left-4 top-4 size-5 text-cocoa-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search help articles"
            placeholder="Search help articles"
            value={query}
            onChange={(e) => search(e.target.value)}
            className="h-13 rounded-full pl-12 shadow-[var(--shadow-soft)]"
          />
        </div>
      </PageHeader>
      <Section className="pb-0">
        <ContactOptions onChat={openContact} />
      </Section>
      <Section id="support-tabs">
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <div className="flex justify-center">
            <TabsList aria-label="Support">
              <TabsTrigger value="faq">FAQ</TabsTrigger>
              <TabsTrigger value="contact">Contact Form</TabsTrigger>
              <TabsTrigger value="resources">Resources</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="faq">
            <Faq query={query} onQueryChange={setQuery} onContact={openContact} />
          </TabsContent>
          <TabsContent value="contact">
            <ContactForm />
          </TabsContent>
          <TabsContent value="resources">
            <Resources />
          </TabsContent>
        </Tabs>
      </Section>
    </>
  );
}
