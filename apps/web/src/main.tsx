import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/providers';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadMatchedRoutes } from './app/router';
import { applyFontSize, readFontSize } from './features/font-size/font-size-preference';
import { createQueryClient } from './lib/query-client';
import { hydratePageQueries, readPageState } from './lib/page-state';
import { SubmittedFormProvider } from './lib/submitted-form';
import './styles.css';

// Applied before the first render so the page never jumps from one text size to another.
applyFontSize(readFontSize());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const pageState = readPageState();
const queryClient = createQueryClient();

function app() {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <SubmittedFormProvider form={pageState?.form ?? null}>
            <AppRoutes />
          </SubmittedFormProvider>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>
  );
}

if (pageState) {
  // The server rendered this page (decision 018): take over its HTML with the same data.
  hydratePageQueries(queryClient, pageState.queries);
  void loadMatchedRoutes(window.location).then(() => hydrateRoot(rootElement, app()));
} else {
  createRoot(rootElement).render(app());
}
