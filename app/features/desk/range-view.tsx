import { deskButton, deskLabel } from "./desk-frame";
import { when } from "./format";

/** A kept catalogue version as the page lists it. */
export interface RangeVersion {
  version: number;
  importedAt: string;
  itemCount: number;
  source: string;
  active: boolean;
}

/** What the last upload's check found, as the page shows it. */
export type RangeCheck =
  | { status: "too-large"; name: string }
  | { status: "no-file" }
  | { status: "malformed" }
  | { status: "refused"; name: string; refusal: string }
  | {
      status: "invalid";
      name: string;
      errors: { row: number; column: string; reason: string }[];
      more: number;
    }
  | { status: "checked"; name: string; id: string; items: number; added: number; removed: number };

export interface RangeViewProps {
  versions: RangeVersion[];
  timeZone: string;
  notice: { text: string; failed: boolean } | null;
  check: RangeCheck | null;
  maxMegabytes: number;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

const cell = "block px-2 py-1 sm:table-cell";
const rowClass = "block border-b border-slate-300 py-2 sm:table-row sm:py-0";

/** Why a file was not taken as a whole: one clear line, and that nothing changed. */
function refusalOf(check: RangeCheck, maxMegabytes: number): string | null {
  switch (check.status) {
    case "too-large":
      return `${check.name} is larger than ${maxMegabytes} MB, so it was not read.`;
    case "no-file":
      return "No file was chosen: choose the catalogue's CSV file, then check it.";
    case "malformed":
      return "The upload could not be read; choose the file and send it again.";
    case "refused":
      return `${check.refusal}.`;
    default:
      return null;
  }
}

function Mistakes({ check }: { check: Extract<RangeCheck, { status: "invalid" }> }) {
  const total = check.errors.length + check.more;
  return (
    <section aria-labelledby="check-result" className="mb-8">
      <h2 id="check-result" className="mb-2 text-xl font-bold text-navy">
        {plural(total, "mistake", "mistakes")} in <span className="break-all">{check.name}</span>
      </h2>
      <p className="mb-3 font-semibold">Nothing changed. Correct these rows and upload the file again.</p>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">Mistakes in {check.name}, by row</caption>
        <thead className="hidden sm:table-header-group">
          <tr className="border-b-2 border-slate-400">
            <th scope="col" className="px-2 py-1">
              Row
            </th>
            <th scope="col" className="px-2 py-1">
              Column
            </th>
            <th scope="col" className="px-2 py-1">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {check.errors.map((error) => (
            <tr key={`${error.row}\u0000${error.column}\u0000${error.reason}`} className={rowClass}>
              <td className={cell}>
                <span className="sm:sr-only">Row </span>
                {error.row}
              </td>
              <td className={`${cell} break-all`}>
                <span className="sm:sr-only">Column </span>
                {error.column}
              </td>
              <td className={`${cell} break-words`}>{error.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {check.more > 0 ? (
        <p className="mt-3">
          And {plural(check.more, "more mistake", "more mistakes")} not shown: the first ones often explain
          the rest.
        </p>
      ) : null}
    </section>
  );
}

function CheckResult({ check, maxMegabytes }: { check: RangeCheck; maxMegabytes: number }) {
  const refusal = refusalOf(check, maxMegabytes);
  if (refusal !== null)
    return (
      <section aria-labelledby="check-result" className="mb-8 rounded-md border border-red-700 p-3">
        <h2 id="check-result" className="mb-2 text-xl font-bold text-navy">
          The file was not accepted
        </h2>
        <p className="break-words">{refusal}</p>
        <p className="font-semibold">Nothing changed.</p>
      </section>
    );
  if (check.status === "invalid") return <Mistakes check={check} />;
  if (check.status !== "checked") return null;
  return (
    <section aria-labelledby="check-result" className="mb-8 rounded-md border border-slate-400 bg-paper p-3">
      <h2 id="check-result" className="mb-2 text-xl font-bold text-navy">
        <span className="break-all">{check.name}</span> is ready
      </h2>
      <p className="mb-1">
        {plural(check.items, "item", "items")}: {plural(check.added, "new sku", "new skus")},{" "}
        {plural(check.removed, "sku", "skus")} removed, compared with the active version.
      </p>
      <p className="mb-3">Nothing has changed yet. The checked file is kept for an hour.</p>
      <form method="post" action="/desk/range">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="upload" value={check.id} />
        <button type="submit" className={deskButton}>
          Apply<span className="sr-only"> {check.name}</span>
        </button>
      </form>
    </section>
  );
}

function Versions({ versions, timeZone }: { versions: RangeVersion[]; timeZone: string }) {
  const active = versions.find((version) => version.active)?.version ?? 0;
  if (versions.length === 0) return <p className="text-slate-700">No catalogue version yet.</p>;
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">Catalogue versions kept, newest first</caption>
      <thead className="hidden sm:table-header-group">
        <tr className="border-b-2 border-slate-400">
          {["Version", "Imported", "Items", "Source", "State"].map((name) => (
            <th key={name} scope="col" className="px-2 py-1">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {versions.map((version) => (
          <tr key={version.version} className={rowClass}>
            <th scope="row" className={`${cell} font-semibold`}>
              Version {version.version}
            </th>
            <td className={cell}>{when(version.importedAt, timeZone)}</td>
            <td className={cell}>{plural(version.itemCount, "item", "items")}</td>
            <td className={`${cell} break-words`}>{version.source}</td>
            <td className={cell}>
              {version.active ? (
                <strong>Active</strong>
              ) : (
                <form method="post" action="/desk/range">
                  <input type="hidden" name="intent" value="rollback" />
                  <input type="hidden" name="version" value={version.version} />
                  <button type="submit" className={deskButton}>
                    {version.version < active ? "Roll back" : "Return"} to version {version.version}
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The range: upload and check a catalogue file, apply it, and the versions kept. */
export function RangeView({ versions, timeZone, notice, check, maxMegabytes }: RangeViewProps) {
  return (
    <>
      <h1 className="mb-3 text-2xl font-extrabold text-navy">The range</h1>
      {notice ? (
        <p
          role={notice.failed ? "alert" : "status"}
          className="mb-4 rounded-md border border-slate-400 bg-paper p-3 break-words"
        >
          {notice.text}
        </p>
      ) : null}
      {check ? <CheckResult check={check} maxMegabytes={maxMegabytes} /> : null}
      <section aria-labelledby="upload" className="mb-8 max-w-3xl">
        <h2 id="upload" className="mb-2 text-xl font-bold text-navy">
          Upload a catalogue
        </h2>
        <p className="mb-3 text-slate-700">
          A CSV file in the catalogue's format (as the export writes it), at most {maxMegabytes} MB and
          200,000 rows. It is checked first and nothing changes: every mistake is listed by row and column,
          and a clean file is applied only when you press Apply. The new version then replaces the whole
          range.
        </p>
        <form method="post" action="/desk/range/upload" encType="multipart/form-data">
          <label htmlFor="catalogue-file" className={deskLabel}>
            Catalogue CSV file
          </label>
          <input
            id="catalogue-file"
            name="catalogue"
            type="file"
            accept=".csv,text/csv"
            required
            className="mb-3 block min-h-11 w-full max-w-full text-base"
          />
          <button type="submit" className={deskButton}>
            Check the file
          </button>
        </form>
      </section>
      <section aria-labelledby="versions">
        <h2 id="versions" className="mb-2 text-xl font-bold text-navy">
          Versions
        </h2>
        <p className="mb-3 max-w-3xl text-slate-700">
          The newest versions are kept, and the active one always. Rolling back makes a kept version the one
          the site serves again, within 15 seconds on every instance; no version is deleted by it.
        </p>
        <Versions versions={versions} timeZone={timeZone} />
      </section>
    </>
  );
}
