import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline.tsx';

const steps = (html: string) => [...html.matchAll(/<li[^>]*>/g)].map((m) => m[0]);

describe('OrderTimeline', () => {
  it('marks the order’s own status as the current step, with every step before it done', () => {
    const html = renderToStaticMarkup(<OrderTimeline status="in_progress" />);
    const items = steps(html);
    expect(items).toHaveLength(7);
    expect(items.map((li) => li.includes('aria-current="step"'))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    // Steps still to come show their number; finished ones a check mark.
    expect(html).toContain('>5</span>');
    expect(html).not.toContain('>4</span>');
  });

  it('says a cancelled order was cancelled instead of showing steps', () => {
    const html = renderToStaticMarkup(<OrderTimeline status="cancelled" />);
    expect(html).toContain('This order was cancelled.');
    expect(steps(html)).toHaveLength(0);
  });
});
