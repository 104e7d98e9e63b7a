import type { ReactNode } from "react";
import { deskButton, deskInput, deskLabel } from "./desk-frame";
import { duration, when } from "./format";
import type { LeadDetail, LeadField } from "./lead-detail.server";
import { QuoteContents } from "./lead-quote-view";
import { LeadSection } from "./lead-section";

export interface LeadViewProps {
  lead: LeadDetail;
  timeZone: string;
  statuses: { value: string; label: string }[];
  staff: { id: number; email: string }[];
  error: string | null;
}

function Fields({ fields }: { fields: LeadField[] }) {
  if (fields.length === 0) return <p className="text-slate-700">None.</p>;
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[12rem_1fr]">
      {fields.map((field) => (
        <div key={field.label} className="contents">
          <dt className="font-semibold text-slate-800">{field.label}</dt>
          <dd className="mb-2 break-words whitespace-pre-wrap sm:mb-0">{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ChangeForms({ lead, statuses, staff }: LeadViewProps) {
  const action = `/desk/leads/${lead.kind}/${lead.id}`;
  return (
    <div className="mb-6 grid gap-4 md:grid-cols-3">
      <form
        method="post"
        action={action}
        className="flex flex-col gap-2 rounded-md border border-slate-300 p-3"
      >
        <input type="hidden" name="intent" value="status" />
        <label htmlFor="lead-status" className={deskLabel}>
          Status
        </label>
        <select id="lead-status" name="status" defaultValue={lead.status} className={deskInput}>
          {statuses.map((status) => (
            <option key={status.value} value={status.value}>
              {status.label}
            </option>
          ))}
        </select>
        <label htmlFor="lead-reason" className={deskLabel}>
          Reason (when lost)
        </label>
        <input id="lead-reason" name="reason" maxLength={300} className={deskInput} />
        <button type="submit" className={deskButton}>
          Save status
        </button>
      </form>
      <form
        method="post"
        action={action}
        className="flex flex-col gap-2 rounded-md border border-slate-300 p-3"
      >
        <input type="hidden" name="intent" value="assign" />
        <label htmlFor="lead-staff" className={deskLabel}>
          Assigned to
        </label>
        <select id="lead-staff" name="staff" defaultValue={lead.assignedStaffId ?? ""} className={deskInput}>
          <option value="">Nobody</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.email}
            </option>
          ))}
        </select>
        <button type="submit" className={deskButton}>
          Assign
        </button>
      </form>
      <form
        method="post"
        action={action}
        className="flex flex-col gap-2 rounded-md border border-slate-300 p-3"
      >
        <input type="hidden" name="intent" value="note" />
        <label htmlFor="lead-note" className={deskLabel}>
          Note
        </label>
        <textarea id="lead-note" name="note" rows={3} maxLength={4000} required className={deskInput} />
        <button type="submit" className={deskButton}>
          Add note
        </button>
      </form>
    </div>
  );
}

/** A section listing a lead's entries in their stored order, or `empty` when there are none. */
function EntryList<T>({
  title,
  entries,
  empty,
  ordered = false,
  className = "break-words",
  line,
}: {
  title: string;
  entries: readonly T[];
  empty: string;
  ordered?: boolean;
  className?: string;
  line: (entry: T) => ReactNode;
}) {
  const List = ordered ? "ol" : "ul";
  return (
    <LeadSection title={title}>
      {entries.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <List className="flex flex-col gap-2">
          {entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only records, shown in their stored order.
            <li key={index} className={className}>
              {line(entry)}
            </li>
          ))}
        </List>
      )}
    </LeadSection>
  );
}

/** The activity log, and the e-mails and webhooks sent about the lead. */
function LeadHistory({ lead, timeZone }: { lead: LeadDetail; timeZone: string }) {
  return (
    <>
      <EntryList
        title="Activity"
        entries={lead.activity}
        empty="Nothing yet."
        ordered
        className="break-words whitespace-pre-wrap"
        line={(entry) => (
          <>
            <span className="font-semibold">{when(entry.at, timeZone)}</span> · {entry.who} ·{" "}
            {entry.action === "note" ? `Note: ${entry.detail}` : entry.detail}
          </>
        )}
      />
      <EntryList
        title="E-mails"
        entries={lead.emails}
        empty="None."
        line={(mail) =>
          `${when(mail.at, timeZone)} · ${mail.status} · to ${mail.to} · ${mail.subject}${mail.error ? ` · ${mail.error}` : ""}`
        }
      />
      <EntryList
        title="Webhooks"
        entries={lead.webhooks}
        empty="None."
        line={(hook) =>
          `${when(hook.at, timeZone)} · ${hook.event} · ${hook.endpoint} · ${hook.status}${hook.lastStatus === null ? "" : ` (HTTP ${hook.lastStatus})`}`
        }
      />
    </>
  );
}

/** The reply button (a prefilled e-mail to the buyer) and, while the lead is New, the press that marks it Contacted. */
function Reply({ lead }: { lead: LeadDetail }) {
  return (
    <LeadSection title="Reply">
      <div className="flex flex-wrap items-center gap-3">
        {lead.replyHref ? (
          <a className={deskButton} href={lead.replyHref}>
            Reply by e-mail
          </a>
        ) : (
          <p className="text-slate-700">
            This address cannot be opened as a reply; copy it from the fields below.
          </p>
        )}
        {lead.status === "new" ? (
          <form method="post" action={`/desk/leads/${lead.kind}/${lead.id}`}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value="contacted" />
            <button type="submit" className={deskButton}>
              Mark Contacted
            </button>
          </form>
        ) : null}
      </div>
    </LeadSection>
  );
}

/** A lead's page: what the visitor sent, where it went, what was sent about it, and what staff did. */
export function LeadView(props: LeadViewProps) {
  const { lead, timeZone } = props;
  const status = props.statuses.find((entry) => entry.value === lead.status)?.label ?? lead.status;
  const summary: LeadField[] = [
    { label: "Kind", value: lead.kind === "quote" ? "Quote request" : "Contact message" },
    { label: "Received", value: when(lead.receivedAt, timeZone) },
    { label: "Status", value: lead.lostReason ? `${status}: ${lead.lostReason}` : status },
    { label: "Branch", value: lead.branch ?? "Unrouted" },
    { label: "Routing", value: lead.routing },
    ...(lead.responseSeconds === null
      ? []
      : [
          {
            label: "Response time",
            value: `${duration(lead.responseSeconds)} (${duration(lead.responseBusinessSeconds ?? 0)} in business hours)`,
          },
        ]),
  ];
  return (
    <>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">{lead.reference ?? `Lead #${lead.id}`}</h1>
      {props.error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-700 bg-paper p-3 text-red-800">
          {props.error}
        </p>
      ) : null}
      <LeadSection title="Summary">
        <Fields fields={summary} />
      </LeadSection>
      <Reply lead={lead} />
      <ChangeForms {...props} />
      <LeadSection title="What they sent">
        <Fields fields={lead.fields} />
      </LeadSection>
      {lead.kind === "quote" ? <QuoteContents lead={lead} /> : null}
      <LeadSection title="How they came">
        <Fields fields={lead.attribution} />
      </LeadSection>
      <LeadHistory lead={lead} timeZone={timeZone} />
    </>
  );
}
