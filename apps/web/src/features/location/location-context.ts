import { createContext, useContext } from 'react';

export type LocationStatus = 'idle' | 'detecting' | 'detected' | 'failed' | 'cleared';

/** Where the person searches from: postcode and autoDetected, plus where detection got to. */
export type DetectedLocation = {
  postcode: string;
  autoDetected: boolean;
  status: LocationStatus;
  error: string | null;
};

export type LocationContextValue = DetectedLocation & {
  /** Starts detection once, unless it already ran or the person cleared it. */
  startAutomaticDetection: () => void;
  /** The person asked again: clears the previous result and detects afresh. */
  detectLocation: () => void;
  /** Postcode emptied, autoDetected false. */
  clearLocation: () => void;
};

export const LocationContext = createContext<LocationContextValue | null>(null);

export function useDetectedLocation(): LocationContextValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useDetectedLocation must be used inside <LocationProvider>');
  return value;
}
