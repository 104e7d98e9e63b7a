import { deskButton, deskInput, deskLabel } from "./desk-frame";
import { duration } from "./format";

export interface SpeedViewRow {
  label: string;
  answered: number;
  median: number | null;
  p90: number | null;
  open: number;
  overdue: number;
}

export interface SpeedViewProps {
  days: number;
  choices: readonly number[];
  overdueMinutes: number;
  hours: string;
  total: SpeedViewRow;
  byBranch: SpeedViewRow[];
  byStaff: SpeedViewRow[];
}

const COLUMNS = ["Answered", "Median", "90th percentile", "Still New", "Overdue"] as const;

function cells(row: SpeedViewRow): string[] {
  const time = (seconds: number | null) => (seconds === null ? "–" : duration(seconds));
  return [String(row.answered), time(row.median), time(row.p90), String(row.open), String(row.overdue)];
}

/** A table on a wide screen; on a phone each row is a block whose cells carry their own headings. */
function FiguresTable({ caption, first, rows }: { caption: string; first: string; rows: SpeedViewRow[] }) {
  if (rows.length === 0) return <p className="mb-6 text-slate-700">No leads yet.</p>;
  return (
    <table className="mb-6 w-full border-collapse text-left">
      <caption className="mb-2 text-left text-lg font-bold text-navy">{caption}</caption>
      <thead className="hidden sm:table-header-group">
        <tr className="border-b border-slate-400">
          {[first, ...COLUMNS].map((heading) => (
            <th key={heading} scope="col" className="px-2 py-2 text-sm font-semibold text-navy">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className="block border-b border-slate-300 py-2 sm:table-row sm:py-0">
            <th scope="row" className="block px-2 py-1 font-semibold break-all sm:table-cell">
              {row.label}
            </th>
            {cells(row).map((value, index) => (
              <td key={COLUMNS[index]} className="block px-2 py-1 sm:table-cell">
                <span className="text-sm text-slate-700 sm:hidden">{COLUMNS[index]}: </span>
                {value}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Speed to lead: how fast leads left New, per branch and per member of staff, and what still waits. */
export function SpeedView(props: SpeedViewProps) {
  return (
    <>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">Speed to lead</h1>
      <p className="mb-4 max-w-3xl text-slate-700">
        Response time runs from a lead's arrival to its first change of status out of New, counted in business
        hours ({props.hours}, on the clock of the lead's branch). A lead still New after{" "}
        {props.overdueMinutes} business minutes is overdue. Answered: first moved out of New in the last{" "}
        {props.days} days; Still New: now.
      </p>
      <form method="get" action="/desk/speed" className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="speed-days" className={deskLabel}>
            Period
          </label>
          <select id="speed-days" name="days" defaultValue={String(props.days)} className={deskInput}>
            {props.choices.map((days) => (
              <option key={days} value={days}>
                Last {days} days
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={deskButton}>
          Show
        </button>
      </form>
      <FiguresTable caption="All leads" first="Leads" rows={[props.total]} />
      <FiguresTable caption="Per branch" first="Branch" rows={props.byBranch} />
      <FiguresTable
        caption="Per member of staff (who answered; Still New: assigned to them)"
        first="Staff"
        rows={props.byStaff}
      />
    </>
  );
}
