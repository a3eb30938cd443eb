/**
 * The page's only script tag. On pages the server rendered, the HTML paints first and the app loads
 * after that first frame, then takes the page over (main.tsx). Loaded alongside the HTML, the app's
 * code could run before the first paint on a fast connection and hold it back.
 */
import './styles.css';

const start = () => void import('./main.tsx');

if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
