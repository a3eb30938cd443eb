import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './lib/query-client.ts';
import { createRouter } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();
const router = createRouter(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// A transition lets React yield to the browser every few milliseconds while it builds the first page,
// instead of one long task that keeps a phone from answering a tap (Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
