import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { RouterProvider } from 'react-router-dom';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-ext-400.css';
import '@fontsource/poppins/latin-ext-600.css';
import './theme.css';
import './styles.css';
import { i18nReady } from './i18n';
import { loadIconsPerName } from './icon-paths';
import './auth/session';
import { queryClient } from './query';
import { createRouter } from './router';
import { authStore } from './state/auth';

loadIconsPerName();
const router = createRouter();

// The first paint waits for the language's texts (their own small chunk), so no key is ever shown.
void i18nReady.finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <JotaiProvider store={authStore}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>,
  ),
);
