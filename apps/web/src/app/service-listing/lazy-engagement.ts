import { lazy } from 'react';

// Loaded when first needed, not with every result page or every detail: most visitors never
// open notes or a suggestion, and the reviews (with their date formatting and form) sit below
// the details, so the details show first on a slow phone.
export const LazyNotesDialog = lazy(() =>
  import('@/features/notes/components/notes-dialog').then((m) => ({ default: m.NotesDialog })),
);

export const LazySuggestionDialog = lazy(() =>
  import('@/features/suggestions/components/suggestion-dialog').then((m) => ({
    default: m.SuggestionDialog,
  })),
);

export const LazyReviewsSection = lazy(() =>
  import('@/features/reviews/components/reviews-section').then((m) => ({
    default: m.ReviewsSection,
  })),
);
