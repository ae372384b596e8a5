import { readStorage } from './storage';

/** The three analytics events the product sends. */
export type AnalyticsEvent = 'search' | 'view_item' | 'select_content';
export type AnalyticsParams = Record<string, string | number | boolean>;

type AnalyticsOptions = {
  /** Where events go; no endpoint, no analytics. */
  endpoint?: string | undefined;
  readConsent?: () => string | null;
  sendBeacon?: (url: string, data: string) => boolean;
};

/**
 * No third-party script: events are a small JSON beacon to our own endpoint, sent only when
 * one is configured AND the visitor accepted cookies (the key the cookie banner writes).
 */
export function createAnalytics({
  endpoint = import.meta.env.VITE_ANALYTICS_ENDPOINT as string | undefined,
  readConsent = () => readStorage(localStorage, 'cookieConsent'),
  sendBeacon = (url, data) => navigator.sendBeacon?.(url, data) ?? false,
}: AnalyticsOptions = {}) {
  return {
    track(event: AnalyticsEvent, params: AnalyticsParams = {}): void {
      if (!endpoint || readConsent() !== 'accepted') return;
      sendBeacon(endpoint, JSON.stringify({ event, params, page: window.location.pathname }));
    },
  };
}

export const analytics = createAnalytics();
