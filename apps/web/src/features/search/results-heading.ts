type ResultsHeadingParts = {
  postcode: string;
  /** The words searched for, once any place in them was taken as the location. */
  keyword: string;
  shown: number;
  total: number;
};

/** Spec 2's heading, naming the keyword too (issue 10). */
export function resultsHeading({ postcode, keyword, shown, total }: ResultsHeadingParts): string {
  const what = keyword ? `Services matching '${keyword}'` : 'Services available';
  const where = postcode ? ` near ${postcode}` : '';
  return `${what}${where} (${shown} of ${total} results)`;
}
