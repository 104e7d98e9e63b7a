import { deskLink } from "./desk-frame";
import type { LeadDetail, LeadItem } from "./lead-detail.server";
import { LeadSection } from "./lead-section";

/*
 * A quote's lines and files on its lead page (docs/desk.md#lead-page): each line's part number linked to
 * its item page or flagged as the sales e-mail flags it, and each file through its short-lived link. Every
 * name and text here is what a visitor typed, rendered as text.
 */

function PartNumber({ sku }: { sku: LeadItem["sku"] }) {
  if (!sku) return null;
  return (
    <>
      {sku.path ? (
        <a className={deskLink} href={sku.path}>
          {sku.sku}
        </a>
      ) : (
        sku.sku
      )}
      {sku.replacement ? (
        <span className="block text-red-800">
          discontinued, replaced by{" "}
          {sku.replacement.path ? (
            <a className={deskLink} href={sku.replacement.path}>
              {sku.replacement.sku}
            </a>
          ) : (
            sku.replacement.sku
          )}
        </span>
      ) : sku.flag ? (
        <span className="block text-red-800">{sku.flag}</span>
      ) : null}
    </>
  );
}

const cell = "px-2 py-1 text-left align-top";

function ItemsTable({ items }: { items: LeadItem[] }) {
  if (items.length === 0) return <p className="text-slate-700">None.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls in this box, which the keyboard must reach (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full border-collapse text-sm">
        <thead>
          <tr className="border-b border-slate-400 text-navy">
            <th scope="col" className={cell}>
              #
            </th>
            <th scope="col" className={cell}>
              Quantity
            </th>
            <th scope="col" className={cell}>
              Part number
            </th>
            <th scope="col" className={cell}>
              Description
            </th>
            <th scope="col" className={cell}>
              Area
            </th>
            <th scope="col" className={cell}>
              Notes
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are a fixed list in the buyer's order.
            <tr key={index} className="border-b border-slate-200">
              <td className={cell}>{index + 1}</td>
              <td className={`${cell} whitespace-nowrap`}>
                {item.quantity} {item.unit}
              </td>
              <td className={`${cell} min-w-28 break-words`}>
                <PartNumber sku={item.sku} />
              </td>
              <td className={`${cell} min-w-40 break-words whitespace-pre-wrap`}>{item.description}</td>
              <td className={cell}>{item.area ?? ""}</td>
              <td className={`${cell} min-w-40 break-words whitespace-pre-wrap`}>{item.notes ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FileList({ lead }: { lead: LeadDetail }) {
  if (lead.files.length === 0) {
    return (
      <p className="text-slate-700">
        {lead.filesDeletedAfterDays === null
          ? "None attached."
          : `Its files have been deleted: quote files are kept ${lead.filesDeletedAfterDays} days.`}
      </p>
    );
  }
  return (
    <>
      <ul className="list-disc pl-6">
        {lead.files.map((file, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list keeps the buyer's order.
          <li key={index} className="mb-1 break-all">
            {file.href ? (
              <a className={deskLink} href={file.href}>
                {file.name}
              </a>
            ) : (
              file.name
            )}{" "}
            ({Math.ceil(file.bytes / 1024)} KB)
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Each file downloads as an attachment. The links work for an hour, for staff who may see this lead;
        reload the page for new ones.
      </p>
    </>
  );
}

export function QuoteContents({ lead }: { lead: LeadDetail }) {
  return (
    <>
      <LeadSection title="Items">
        <ItemsTable items={lead.items} />
      </LeadSection>
      <LeadSection title="Files">
        <FileList lead={lead} />
      </LeadSection>
    </>
  );
}
