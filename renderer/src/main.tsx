import './zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './App';
import { createPosClient } from './pos/client';
import { PosProvider } from './pos/PosProvider';
import { I18nProvider } from './i18n/I18nProvider';
import { ScreenBoundary } from './ui/ScreenBoundary';
import { AppStopped } from './ui/AppStopped';
import { reportScreenError, watchPageErrors } from './pos/report-screen-error';
import './ui/tokens.css';
import './ui/base.css';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // The till is the only source; a failed call is shown with its own retry button instead.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000, gcTime: 60_000 },
    // A finished write is the screen's business while it shows it; kept longer it only holds a
    // kiosk's previous customers (and a 5-minute timer each) in memory.
    mutations: { gcTime: 0 },
  },
});

const pos = createPosClient();
const report = reportScreenError(pos);
watchPageErrors(window, report);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Screens have boundaries of their own (App, KioskApp); this one keeps the page from going blank when what holds them breaks. */}
    <ScreenBoundary screen="app" report={report} fallback={<AppStopped />}>
      <PosProvider client={pos}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider>
            <App />
          </I18nProvider>
        </QueryClientProvider>
      </PosProvider>
    </ScreenBoundary>
  </StrictMode>,
);
