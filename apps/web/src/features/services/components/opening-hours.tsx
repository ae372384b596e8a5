type OpeningHoursProps = {
  /** What the hours are, when the source says ("Staffed hours"). */
  note: string | null | undefined;
  lines: string[];
};

/** The full week for the detail, one line per run of days, as GOV.UK writes it. */
export function OpeningHours({ note, lines }: OpeningHoursProps) {
  return (
    <>
      {note && <p>{note}:</p>}
      <ul className="list-disc pl-5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
