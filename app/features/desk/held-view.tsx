import { deskButton } from "./desk-frame";
import { when } from "./format";

export interface HeldViewLead {
  reference: string;
  kind: "contact" | "quote";
  receivedAt: string;
  who: string;
  reasons: { code: string; reason: string; score: number }[];
}

export interface HeldViewProps {
  leads: HeldViewLead[];
  timeZone: string;
  notice: string | null;
}

/** One held lead: what it is, why it was held, and its two buttons. */
function HeldItem({ lead, timeZone }: { lead: HeldViewLead; timeZone: string }) {
  return (
    <li className="rounded-md border border-slate-300 p-3">
      <h2 className="text-lg font-bold text-navy">
        {lead.reference}{" "}
        <span className="text-base font-normal text-slate-700">
          {lead.kind === "quote" ? "Quote request" : "Contact message"}, received{" "}
          {when(lead.receivedAt, timeZone)}
        </span>
      </h2>
      <p className="mb-2 break-words">{lead.who}</p>
      <ul className="mb-3 list-disc pl-6">
        {lead.reasons.map((reason) => (
          <li key={reason.code} className="break-words">
            {reason.reason}{" "}
            <span className="text-sm text-slate-700">
              ({reason.code}, {reason.score})
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <form method="post" action="/desk/held">
          <input type="hidden" name="intent" value="release" />
          <input type="hidden" name="reference" value={lead.reference} />
          <button type="submit" className={deskButton}>
            Release<span className="sr-only"> {lead.reference}</span>
          </button>
        </form>
        <form method="post" action="/desk/held">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="reference" value={lead.reference} />
          <button type="submit" className={deskButton}>
            Delete<span className="sr-only"> {lead.reference}</span>
          </button>
        </form>
      </div>
    </li>
  );
}

/** The leads held as likely spam, oldest first, each to release (sent on to sales) or delete. */
export function HeldView({ leads, timeZone, notice }: HeldViewProps) {
  return (
    <>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">Held as likely spam</h1>
      <p className="mb-4 max-w-3xl text-slate-700">
        These leads sent nothing: no sales e-mail, acknowledgement or webhook. Release a real buyer's lead and
        it is sent on at once, as if just received, and joins the inbox. Leads not released are deleted after
        30 days.
      </p>
      {notice ? (
        <p role="status" className="mb-4 rounded-md border border-slate-400 bg-paper p-3">
          {notice}
        </p>
      ) : null}
      {leads.length === 0 ? (
        <p className="text-slate-700">No leads are held.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {leads.map((lead) => (
            <HeldItem key={lead.reference} lead={lead} timeZone={timeZone} />
          ))}
        </ol>
      )}
    </>
  );
}
