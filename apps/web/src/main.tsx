import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/providers';
import { AppRouter } from './app/router';
import { applyFontSize, readFontSize } from './features/font-size/font-size-preference';
import './styles.css';

// Applied before the first render so the page never jumps from one text size to another.
applyFontSize(readFontSize());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
