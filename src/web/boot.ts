/**
 * The page's only script tag. On pages the server rendered, the HTML paints first and the app loads
 * after that first frame, then takes the page over (main.tsx). Loaded alongside the HTML, the app's
 * code could run before the first paint on a fast connection and hold it back.
 */
import './styles.css';
import { PAGE_CODE_ID } from '../shared/page-code.ts';

/** A new task: the browser paints and answers input in between (Total Blocking Time). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The files of a rendered page's code in the order they run (the server lists them: page-start.ts),
 * fetched together, then run one per task: imported at once, the whole graph ran as one task.
 */
function pageCode(): string[] {
  const text = document.getElementById(PAGE_CODE_ID)?.textContent;
  try {
    const files: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(files)
      ? files.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/'))
      : [];
  } catch {
    return [];
  }
}

const start = async () => {
  const files = pageCode();
  for (const href of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  for (const href of files) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
  await import('./framework.ts');
  await nextTask();
  await import('./main.tsx');
};

if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));
