import { deskButton, deskInput, deskLabel, deskLink } from "./desk-frame";
import { age } from "./format";

export interface InboxViewRow {
  kind: "contact" | "quote";
  id: number;
  reference: string | null;
  name: string;
  company: string | null;
  email: string;
  branch: string | null;
  status: string;
  receivedAt: string;
  assignedTo: string | null;
  overdue: boolean;
}

export interface InboxViewProps {
  rows: InboxViewRow[];
  more: boolean;
  now: string;
  filters: {
    status: string | null;
    branch: string | null;
    area: string | null;
    age: string | null;
    query: string;
    page: number;
  };
  statuses: Option[];
  branches: Option[];
  areas: Option[];
  ages: Option[];
}

interface Option {
  value: string;
  label: string;
}

/** One of the inbox's drop-down filters, "All" first. */
function Choice(props: { id: string; name: string; label: string; value: string | null; options: Option[] }) {
  return (
    <div>
      <label htmlFor={props.id} className={deskLabel}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} defaultValue={props.value ?? ""} className={deskInput}>
        <option value="">All</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function pageHref(filters: InboxViewProps["filters"], page: number): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.branch) params.set("branch", filters.branch);
  if (filters.area) params.set("area", filters.area);
  if (filters.age) params.set("age", filters.age);
  if (filters.query) params.set("q", filters.query);
  params.set("page", String(page));
  return `/desk?${params}`;
}

function Filters({
  filters,
  statuses,
  branches,
  areas,
  ages,
}: Omit<InboxViewProps, "rows" | "more" | "now">) {
  return (
    <form method="get" action="/desk" className="mb-4 grid gap-3 sm:grid-cols-3 sm:items-end lg:grid-cols-6">
      <Choice id="inbox-status" name="status" label="Status" value={filters.status} options={statuses} />
      <Choice id="inbox-branch" name="branch" label="Branch" value={filters.branch} options={branches} />
      <Choice id="inbox-area" name="area" label="Product area" value={filters.area} options={areas} />
      <Choice id="inbox-age" name="age" label="Received" value={filters.age} options={ages} />
      <div>
        <label htmlFor="inbox-q" className={deskLabel}>
          Reference, company or e-mail
        </label>
        <input
          id="inbox-q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filters.query}
          className={deskInput}
        />
      </div>
      <div>
        <button type="submit" className={deskButton}>
          Show
        </button>
      </div>
    </form>
  );
}

/** The inbox: a table on a wide screen; each row a block of lines on a phone (the cells stack). */
export function InboxView(props: InboxViewProps) {
  const now = new Date(props.now);
  return (
    <>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">Inbox</h1>
      <Filters
        filters={props.filters}
        statuses={props.statuses}
        branches={props.branches}
        areas={props.areas}
        ages={props.ages}
      />
      {props.rows.length === 0 ? (
        <p className="text-slate-700">No leads match.</p>
      ) : (
        <table className="w-full border-collapse text-left">
          <caption className="sr-only">Leads, newest first</caption>
          <thead className="hidden sm:table-header-group">
            <tr className="border-b border-slate-400">
              {["Reference", "Kind", "Name / company", "E-mail", "Branch", "Status", "Age"].map((heading) => (
                <th key={heading} scope="col" className="px-2 py-2 text-sm font-semibold text-navy">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr
                key={`${row.kind}-${row.id}`}
                className="block border-b border-slate-300 py-2 sm:table-row sm:py-0"
              >
                <td className="block px-2 py-1 sm:table-cell">
                  <a className={deskLink} href={`/desk/leads/${row.kind}/${row.id}`}>
                    {row.reference ?? `#${row.id}`}
                  </a>
                </td>
                <td className="block px-2 py-1 text-sm sm:table-cell">
                  {row.kind === "quote" ? "Quote" : "Contact"}
                </td>
                <td className="block px-2 py-1 break-words sm:table-cell">
                  {row.name}
                  {row.company ? <span className="block text-sm text-slate-700">{row.company}</span> : null}
                </td>
                <td className="block px-2 py-1 text-sm break-all sm:table-cell">{row.email}</td>
                <td className="block px-2 py-1 text-sm sm:table-cell">{row.branch ?? "Unrouted"}</td>
                <td className="block px-2 py-1 text-sm sm:table-cell">
                  {row.status}
                  {row.overdue ? <strong className="ml-2 text-red-800">Overdue</strong> : null}
                  {row.assignedTo ? <span className="block text-slate-700">{row.assignedTo}</span> : null}
                </td>
                <td className="block px-2 py-1 text-sm sm:table-cell">{age(row.receivedAt, now)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-4">
        {props.filters.page > 1 ? (
          <a className={deskLink} href={pageHref(props.filters, props.filters.page - 1)}>
            Newer
          </a>
        ) : null}
        {props.more ? (
          <a className={deskLink} href={pageHref(props.filters, props.filters.page + 1)}>
            Older
          </a>
        ) : null}
      </nav>
    </>
  );
}
