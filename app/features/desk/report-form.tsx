import { deskButton, deskInput, deskLabel, deskLink } from "./desk-frame";

/*
 * The desk's report page, around the report itself (docs/desk.md#report-and-downloads): a GET form for
 * the period (works without scripts; the browser's date fields, or typed YYYY-MM-DD), links for the
 * usual periods, and the CSV downloads of that period.
 */

export interface ReportPeriodLink {
  label: string;
  since: string;
  until: string;
}

export interface ReportFormProps {
  since: string;
  until: string;
  /** Why the asked period was refused, if it was. */
  error: string | null;
  presets: ReportPeriodLink[];
  maxRows: number;
}

const query = (since: string, until: string) => `from=${since}&to=${until}`;

export function ReportForm({ since, until, error, presets, maxRows }: ReportFormProps) {
  return (
    <>
      <form method="get" action="/desk/report" className="mb-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="report-from" className={deskLabel}>
            First day
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            defaultValue={since}
            className={deskInput}
            aria-describedby={error ? "report-error" : undefined}
          />
        </div>
        <div>
          <label htmlFor="report-to" className={deskLabel}>
            Last day
          </label>
          <input id="report-to" name="to" type="date" defaultValue={until} className={deskInput} />
        </div>
        <button type="submit" className={deskButton}>
          Show
        </button>
      </form>
      {error ? (
        <p id="report-error" role="alert" className="mb-3 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <nav aria-label="Periods" className="mb-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {presets.map((preset) => (
            <li key={preset.label}>
              <a
                className={`${deskLink} inline-block min-h-11 py-2`}
                href={`/desk/report?${query(preset.since, preset.until)}`}
              >
                {preset.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {error ? null : <CsvDownloads since={since} until={until} maxRows={maxRows} />}
    </>
  );
}

/** The CSV downloads of the period shown. */
function CsvDownloads({ since, until, maxRows }: { since: string; until: string; maxRows: number }) {
  return (
    <section aria-labelledby="csv-downloads-heading" className="mb-6">
      <h2 id="csv-downloads-heading" className="mb-2 text-lg font-bold text-navy">
        Downloads (CSV)
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        <li>
          <a
            className={`${deskLink} inline-block min-h-11 py-2`}
            href={`/desk/export/leads?${query(since, until)}`}
          >
            Contact messages, {since} to {until}
          </a>
        </li>
        <li>
          <a
            className={`${deskLink} inline-block min-h-11 py-2`}
            href={`/desk/export/quotes?${query(since, until)}`}
          >
            Quote requests, {since} to {until}
          </a>
        </li>
        <li>
          <a className={`${deskLink} inline-block min-h-11 py-2`} href="/desk/export/subscribers">
            Newsletter subscribers (everyone confirmed now)
          </a>
        </li>
      </ul>
      <p className="mt-1 text-sm text-slate-700">
        Leads held as likely spam are left out. A download holds at most {maxRows.toLocaleString("en-US")}{" "}
        rows; for more, choose a shorter period.
      </p>
    </section>
  );
}
