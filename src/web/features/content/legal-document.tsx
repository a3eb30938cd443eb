import type { ReactNode } from 'react';
import { PageHeader } from '../../components/ui/page.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page: header, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  intro,
  updated,
  sections,
}: {
  title: string;
  intro: string;
  updated: string;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} intro={intro}>
        <p className="mt-4 text-sm text-cocoa-500">Last updated: {updated}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-cocoa-500">
            Contents
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-cocoa-700 hover:text-rose-600">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl space-y-10 leading-relaxed text-cocoa-700 [&_a]:font-medium [&_a]:text-rose-600 [&_a:hover]:underline [&_li]:ml-5 [&_li]:list-disc [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:space-y-2">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`} className="text-2xl font-semibold">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3">{s.body}</div>
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
