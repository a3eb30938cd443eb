/**
 * The page's only script tag. On pages the server rendered, the HTML paints first and the app loads
 * after that first frame, then takes the page over (main.tsx). Loaded alongside the HTML, the app's
 * code could run before the first paint on a fast connection and hold it back.
 */
import './styles.css';

/** A new task: the browser paints and answers input in between (Total Blocking Time). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = async () => {
  await import('./framework.ts');
  await nextTask();
  await import('./main.tsx');
};

if (document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(() => void start(), 0));
