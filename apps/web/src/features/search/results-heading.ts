type ResultsHeadingParts = {
  postcode: string;
  /** The words searched for, once any place in them was taken as the location. */
  keyword: string;
  /** Undefined while what is shown is not known yet (the map's own answer): no count. */
  shown: number | undefined;
  total: number | undefined;
};

/** The results heading, naming the keyword too. */
export function resultsHeading({ postcode, keyword, shown, total }: ResultsHeadingParts): string {
  const what = keyword ? `Services matching '${keyword}'` : 'Services available';
  const where = postcode ? ` near ${postcode}` : '';
  if (shown === undefined || total === undefined) return `${what}${where}`;
  return `${what}${where} (${shown} of ${total} results)`;
}
